/**
 * Two `hfw serve` processes on one store, as instances behind a load balancer: evidence recorded on either
 * is seen by both, a draft verified on either gets the verdicts a single in-process `Firewall` gives, and
 * answers get distinct response ids. On a SQLite file always; on PostgreSQL when `HFW_TEST_POSTGRES_URL`
 * names a database. Needs the build (`npm test` builds first).
 */
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Firewall, type Report } from "../../src/index.js";
import { call, CUSTOMER, cli, DRAFT, INVOICE, serveProcess, tempDb } from "./helpers.js";

const POSTGRES_URL = process.env.HFW_TEST_POSTGRES_URL?.trim();

const outline = (r: Report) => r.verdicts.map((v) => [v.verdict, v.corrections.map((c) => c.value)]);

async function singleProcessReport(): Promise<Report> {
  const fw = new Firewall();
  fw.record({ source: "get_invoice", callId: "call_1", content: INVOICE });
  fw.record({ source: "get_customer", callId: "call_2", content: CUSTOMER });
  return fw.verify(DRAFT);
}

function crossWorker(db: () => string) {
  return async () => {
    const location = db();
    const [a, b] = [await serveProcess(["--db", location]), await serveProcess(["--db", location])];
    const session = `workers-${process.pid}-${Date.now().toString(36)}`;
    const path = `/v1/sessions/${session}`;

    expect((await call(a.url, "POST", `${path}/evidence`, { body: { source: "get_invoice", callId: "call_1", content: INVOICE } })).status).toBe(201);
    const onB = await call(b.url, "POST", `${path}/evidence/batch`, {
      body: {
        records: [
          { source: "get_invoice", callId: "call_1", content: INVOICE },
          { source: "get_customer", callId: "call_2", content: CUSTOMER },
        ],
      },
    });
    expect(onB.body.records.map((r: { added: boolean; record: { id: string } }) => [r.record.id, r.added])).toEqual([
      ["e1", false],
      ["e2", true],
    ]);

    const single = await singleProcessReport();
    const verifiedOnA = await call(a.url, "POST", `${path}/verify`, { body: { draft: DRAFT } });
    const verifiedOnB = await call(b.url, "POST", `${path}/verify`, { body: { draft: DRAFT } });
    for (const r of [verifiedOnA, verifiedOnB]) {
      expect(r.status).toBe(200);
      expect(r.body.evidenceCount).toBe(2);
      expect(outline(r.body)).toEqual(outline(single));
      expect(r.body.output).toBe(single.output);
    }
    expect([verifiedOnA.body.responseId, verifiedOnB.body.responseId]).toEqual(["r1", "r2"]);

    // Either instance reads the whole session.
    for (const server of [a, b]) {
      const totals = await call(server.url, "GET", `${path}/report`);
      expect(totals.body).toMatchObject({ responses: 2, evidenceCount: 2 });
      const evidence = await call(server.url, "GET", `${path}/evidence`);
      expect(evidence.body.evidence.map((e: { callId: string }) => e.callId)).toEqual(["call_1", "call_2"]);
    }
    for (const server of [a, b]) {
      server.child.kill("SIGTERM");
      expect((await server.exited).code).toBe(0);
    }
  };
}

describe.runIf(existsSync(cli))("two hfw serve processes on one store", () => {
  it("should share a session on one SQLite file: record on one, verify on the other, as one Firewall would", crossWorker(tempDb), 60_000);

  if (!POSTGRES_URL) console.info("test/serve/cross-worker: HFW_TEST_POSTGRES_URL is unset, so the PostgreSQL case is skipped.");
  it.runIf(POSTGRES_URL)(
    "should share a session on PostgreSQL: record on one, verify on the other, as one Firewall would",
    crossWorker(() => POSTGRES_URL!),
    60_000,
  );
});
