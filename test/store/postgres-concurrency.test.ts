/**
 * A fleet on one PostgreSQL database: four processes record 5,000 tool outputs into the same 50 sessions
 * (some outputs twice under one callId, by two processes) while two others verify answers in those sessions.
 * Afterwards every output is stored once, every report whole, and every session's chain verifies.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { auditChain, PostgresStore, type Report } from "../../src/index.js";
import { describePostgres } from "./postgres-helpers.js";
import { DISTINCT_PER_SESSION, OUTPUTS_PER_SESSION, outputOf, RECORDERS, SESSIONS, sessionId } from "./postgres-workload.js";

const root = new URL("../../", import.meta.url).pathname;
const worker = join(root, "test/store/postgres-worker.ts");

/** Runs a worker to its end. @returns its stdout lines; rejects with its stderr when it fails. */
function run(args: string[]): Promise<string[]> {
  const child = spawn(process.execPath, ["--import", "tsx", worker, ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out.split("\n").filter(Boolean)) : reject(new Error(`worker ${args[0]} exited ${code}: ${err}`))));
  });
}

describePostgres("PostgresStore with many processes", (db) => {
  it("should store each of 5,000 tool outputs once, every report whole, and keep every chain valid while 4 processes record and 2 verify", async () => {
    const prefix = `fleet-${Date.now().toString(36)}`;
    const stop = join(mkdtempSync(join(tmpdir(), "hfw-fleet-")), "stop");
    // Migrate first, so that the workers' time goes to the workload.
    const store = new PostgresStore(db.url);
    try {
      await store.connect();
      const started = performance.now();
      const recorders = Array.from({ length: RECORDERS }, (_, r) => run(["record", db.url, prefix, String(r)]));
      const verifiers = [1, 2].map((seed) => run(["verify", db.url, prefix, String(seed), stop]));
      const recorded = await Promise.all(recorders);
      const recordMs = performance.now() - started;
      writeFileSync(stop, "");
      const printed = (await Promise.all(verifiers)).flat().map((line) => JSON.parse(line) as Report);

      expect(recorded.map((lines) => (JSON.parse(lines.at(-1)!) as { recorded: number }).recorded).reduce((a, b) => a + b, 0)).toBe(
        SESSIONS * OUTPUTS_PER_SESSION,
      );
      expect(printed.length).toBeGreaterThanOrEqual(40);

      let verifiedMidway = 0;
      for (let s = 0; s < SESSIONS; s++) {
        const id = sessionId(prefix, s);
        const evidence = await store.listEvidence(id);
        // Each output once, numbered without gaps, each callId once.
        expect(evidence.map((e) => e.id)).toEqual(Array.from({ length: DISTINCT_PER_SESSION }, (_, i) => `e${i + 1}`));
        const expected = Array.from({ length: OUTPUTS_PER_SESSION }, (_, k) => outputOf(s, k)).filter((_, k) => k % 10 !== 9);
        const key = (o: { callId: string | null; content: unknown }) => `${o.callId}|${JSON.stringify(o.content)}`;
        expect(evidence.map(key).sort()).toEqual(expected.map(key).sort());

        // Each report as its verifier got it, with a verdict for every claim.
        const mine = printed.filter((r) => r.sessionId === id);
        const stored = await store.listReports(id);
        expect(stored.map((r) => r.responseId).sort()).toEqual(mine.map((r) => r.responseId).sort());
        for (const r of stored) {
          expect(r).toEqual(mine.find((m) => m.responseId === r.responseId));
          expect(r.claims.length).toBeGreaterThan(0);
          expect(r.verdicts.map((v) => v.claimId)).toEqual(r.claims.map((c) => c.id));
          if (r.evidenceCount < DISTINCT_PER_SESSION) verifiedMidway++;
        }

        const head = await store.chainHead(id);
        expect(head.length).toBe(DISTINCT_PER_SESSION + stored.length);
        expect(auditChain(await store.chainRows(id), head)).toMatchObject({ ok: true });
        expect(await store.getSession(id)).toMatchObject({ evidenceCount: DISTINCT_PER_SESSION, responses: stored.length });
      }
      // The verifiers ran while the recorders wrote: some answers saw a session half recorded.
      expect(verifiedMidway).toBeGreaterThan(0);
      console.log(
        `PostgreSQL fleet: ${SESSIONS * OUTPUTS_PER_SESSION} outputs by ${RECORDERS} processes in ${Math.round(recordMs)} ms (with start-up); ${printed.length} answers verified meanwhile, ${verifiedMidway} on half-recorded sessions`,
      );
    } finally {
      await store.close();
    }
  }, 180_000);
});
