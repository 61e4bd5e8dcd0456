/**
 * The verifier's OpenTelemetry spans with the SDK's in-memory exporter: an HTTP server span per request,
 * continuing the caller's W3C trace, with the firewall's `hfw.verify` and tier spans inside it.
 */
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { afterEach, describe, expect, it } from "vitest";
import { setupTracing, type Tracing } from "../../otel/index.js";
import { MemoryStore } from "../../src/index.js";
import { call, INVOICE, serve } from "./helpers.js";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

let tracing: Tracing | undefined;
afterEach(async () => {
  await tracing?.shutdown();
  tracing = undefined;
});

function spans(): ReadableSpan[] {
  return tracing!.memory!.spans.getFinishedSpans();
}

describe("HTTP server spans", () => {
  it("should continue the caller's traceparent, with hfw.verify and the tiers as children of the server span", async () => {
    tracing = setupTracing({ exporter: "memory", metrics: false, evaluationEvents: false });
    const { url, port } = await serve({ store: new MemoryStore() });
    await call(url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", content: INVOICE } });
    const r = await call(url, "POST", "/v1/sessions/s1/verify", {
      body: { draft: "Invoice INV-7 totals EUR 890." },
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01`, "user-agent": "agent/1.0" },
    });
    expect(r.status).toBe(200);
    await tracing.forceFlush();

    const server = spans().find((s) => s.name === "POST /v1/sessions/:id/verify")!;
    expect(server).toBeDefined();
    expect(server.kind).toBe(1); // SpanKind.SERVER
    expect(server.spanContext().traceId).toBe(TRACE_ID);
    expect(server.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(server.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/v1/sessions/:id/verify",
      "http.response.status_code": 200,
      "url.path": "/v1/sessions/s1/verify",
      "url.scheme": "http",
      "server.port": port,
      "user_agent.original": "agent/1.0",
    });
    // The server's warm-up verified before listening, in a trace of its own; the request's verify is the server span's child.
    const verifies = spans().filter((s) => s.name === "hfw.verify" && s.spanContext().traceId === TRACE_ID);
    expect(verifies).toHaveLength(1);
    expect(verifies[0]!.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    const tiers = spans().filter((s) => s.name === "hfw.tier.0" && s.spanContext().traceId === TRACE_ID);
    expect(tiers).toHaveLength(1);
    // The evidence recorded before is its own request: its own trace, no firewall span under it.
    const record = spans().find((s) => s.name === "POST /v1/sessions/:id/evidence")!;
    expect(record.spanContext().traceId).not.toBe(TRACE_ID);
    expect(record.attributes["http.response.status_code"]).toBe(201);
  });

  it("should start a new trace without traceparent, and mark a 5xx (not a 4xx) as an error", async () => {
    tracing = setupTracing({ exporter: "memory", metrics: false, evaluationEvents: false });
    const store = new MemoryStore();
    store.chainHead = () => {
      throw new Error("broken");
    };
    const { url } = await serve({ store });
    expect((await call(url, "GET", "/v1/sessions/s1/report")).status).toBe(500);
    expect((await call(url, "GET", "/v1/sessions?limit=0")).status).toBe(400);
    expect((await call(url, "GET", "/nowhere")).status).toBe(404);
    await tracing.forceFlush();
    const failed = spans().find((s) => s.name === "GET /v1/sessions/:id/report")!;
    expect(failed.parentSpanContext).toBeUndefined();
    expect(failed.status.code).toBe(2); // SpanStatusCode.ERROR
    expect(failed.attributes["error.type"]).toBe("500");
    const refused = spans().find((s) => s.name === "GET /v1/sessions")!;
    expect(refused.status.code).toBe(0);
    expect(refused.attributes["http.response.status_code"]).toBe(400);
    // No route matched: the span keeps the method alone as its name, and no http.route.
    const unrouted = spans().find((s) => s.name === "GET")!;
    expect(unrouted.attributes["http.route"]).toBeUndefined();
    expect(unrouted.attributes["http.response.status_code"]).toBe(404);
  });
});
