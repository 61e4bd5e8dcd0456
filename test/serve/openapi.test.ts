/**
 * `/v1/openapi.json` against the server itself: a valid OpenAPI 3.1 document that lists every mounted
 * route, whose request schemas accept what the routes accept and refuse what they refuse, and whose
 * response schemas hold every response the routes give.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/index.js";
import { createVerifierApp } from "../../src/serve/index.js";
import { call, type Reply, serve } from "./helpers.js";

type Json = Record<string, any>;

async function fetchDocument(): Promise<{ url: string; doc: Json }> {
  const { url } = await serve({ store: new MemoryStore() });
  const r = await call(url, "GET", "/v1/openapi.json");
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  return { url, doc: r.body };
}

/** Ajv over the document: `validate(ref, value)` checks a value against `#/components/schemas/...` or any pointer. */
function validatorOf(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema(doc, "openapi.json");
  return (ref: string, value: unknown) => {
    const validate = ajv.getSchema(`openapi.json${ref.startsWith("#") ? ref : `#${ref}`}`)!;
    return { ok: validate(value) as boolean, errors: ajv.errorsText(validate.errors) };
  };
}

/** The schema `$ref` of an operation's response for a status (following `#/components/responses/...`). */
function responseRef(doc: Json, operation: Json, status: number): string {
  let response = operation.responses[String(status)];
  if (!response) throw new Error(`${operation.operationId} documents no ${status} response`);
  if (response.$ref) response = doc.components.responses[response.$ref.split("/").pop()];
  return response.content["application/json"].schema.$ref;
}

describe("the OpenAPI document", () => {
  it("should be a valid OpenAPI 3.1 document whose every $ref resolves", async () => {
    const { doc } = await fetchDocument();
    const result = await new Validator().validate(doc as never);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(20);
    for (const ref of new Set(refs)) {
      const target = ref
        .slice(2)
        .split("/")
        .reduce<Json | undefined>((node, key) => node?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it("should list every route the app mounts, and no other", () => {
    const { app, openapi } = createVerifierApp({ store: new MemoryStore() });
    const mounted = (app as unknown as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }).router.stack
      .flatMap((layer) => (layer.route ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`) : []))
      .sort();
    const documented = Object.entries((openapi as Json).paths as Json)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`))
      .sort();
    expect(documented).toEqual(mounted);
    expect(documented).toHaveLength(11);
  });

  it("should give every operation its responses: success, and the errors it can answer", async () => {
    const { doc } = await fetchDocument();
    const verify = doc.paths["/v1/sessions/{id}/verify"].post;
    expect(Object.keys(verify.responses).sort()).toEqual(["200", "400", "401", "404", "409", "413", "415", "429", "500", "503"]);
    expect(doc.paths["/healthz"].get.security).toEqual([]);
    expect(doc.components.responses.TooManyRequests.headers["Retry-After"]).toBeDefined();
    expect(doc.components.schemas.Error.properties.error.required).toEqual(["code", "message"]);
  });

  it("should build requests from its own examples that the routes accept, and whose every response its schemas hold", async () => {
    const { url, doc } = await fetchDocument();
    const check = validatorOf(doc);
    const checked: string[] = [];
    // Recording first, so that the session the other routes read exists.
    const order = [
      "recordEvidence",
      "recordEvidenceBatch",
      "verify",
      "guard",
      "rewrite",
      "sessionReport",
      "listEvidence",
      "listSessions",
      "openapi",
      "health",
      "ready",
    ];
    const operations = Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
      Object.entries(ops as Json).map(([method, op]) => ({ path, method, op: op as Json })),
    );
    operations.sort((a, b) => order.indexOf(a.op.operationId) - order.indexOf(b.op.operationId));
    expect(operations.map((o) => o.op.operationId)).toEqual(order);
    for (const { path, method, op } of operations) {
      const query = new URLSearchParams();
      for (const p of op.parameters as Json[]) if (p.in === "query" && p.schema.default !== undefined) query.set(p.name, String(p.schema.default));
      const target = `${path.replace("{id}", "s1")}${query.size ? `?${query}` : ""}`;
      let reply: Reply;
      if (op.requestBody) {
        const ref = op.requestBody.content["application/json"].schema.$ref;
        const name = ref.split("/").pop();
        const example = doc.components.schemas[name].examples?.[0];
        expect(example, `${name} has an example`).toBeDefined();
        expect(check(ref, example).ok, `${name} example`).toBe(true);
        reply = await call(url, method.toUpperCase(), target, { body: example });
      } else {
        reply = await call(url, method.toUpperCase(), target);
      }
      expect([200, 201, 422], `${op.operationId}: ${JSON.stringify(reply.body).slice(0, 300)}`).toContain(reply.status);
      const held = check(responseRef(doc, op, reply.status), reply.body);
      expect(held.errors, `${op.operationId} ${reply.status} response`).toBe("No errors");
      checked.push(op.operationId);
    }
    expect(checked).toEqual(order);
  });

  it.each([
    ["an unknown field", (body: Json) => ({ ...body, unknownField: 1 })],
    ["a missing required field", (body: Json) => Object.fromEntries(Object.entries(body).slice(1))],
    ["a field of the wrong type", (body: Json) => ({ ...body, [Object.keys(body)[0]!]: [1] })],
  ])("should refuse %s in every request body, as the routes do (400)", async (_name, spoil) => {
    const { url, doc } = await fetchDocument();
    const check = validatorOf(doc);
    await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", content: { total: 980 } } });
    for (const [path, ops] of Object.entries(doc.paths as Json)) {
      const op = (ops as Json).post;
      if (!op?.requestBody) continue;
      const ref = op.requestBody.content["application/json"].schema.$ref;
      const spoiled = spoil(doc.components.schemas[ref.split("/").pop()].examples[0]);
      expect(check(ref, spoiled).ok, `${op.operationId} schema`).toBe(false);
      const reply = await call(url, "POST", path.replace("{id}", "s1"), { body: spoiled });
      expect(reply.status, `${op.operationId} route`).toBe(400);
      expect(check("#/components/schemas/Error", reply.body).ok).toBe(true);
    }
  });

  it("should hold the routes' error responses in its Error schema, and the documented statuses", async () => {
    const { url, doc } = await fetchDocument();
    const check = validatorOf(doc);
    const replies = [
      await call(url, "POST", "/v1/sessions/s1/evidence", { body: "{" }),
      await call(url, "GET", "/v1/sessions/none/report"),
      await call(url, "POST", "/v1/sessions/s1/verify", { body: "draft", headers: { "content-type": "text/plain" } }),
    ];
    expect(replies.map((r) => r.status)).toEqual([400, 404, 415]);
    for (const r of replies) expect(check("#/components/schemas/Error", r.body).errors).toBe("No errors");
  });
});
