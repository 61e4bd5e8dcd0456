/**
 * PostgreSQL restarted under a running `hfw serve`: requests fail with a clear 503 while it is down, then
 * succeed again without restarting the server, and the session's chain still verifies. Runs on a private
 * throwaway cluster (stopping the shared test server would break other test files); needs PostgreSQL's
 * server binaries, and skips with a notice without them unless `CI_REQUIRE_POSTGRES=1`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditChain, isAsyncStore, openStore } from "../../src/index.js";
import { type PrivateCluster, postgresBin, startPrivateCluster } from "../store/postgres-cluster.js";
import { call, DRAFT, INVOICE, CUSTOMER, serve } from "./helpers.js";

const bin = postgresBin();
if (!bin && process.env.CI_REQUIRE_POSTGRES !== "1")
  console.warn("PostgreSQL restart test skipped: PostgreSQL's server binaries (initdb, pg_ctl) are not installed.");

describe.runIf(bin || process.env.CI_REQUIRE_POSTGRES === "1")("hfw serve with PostgreSQL restarted mid-run", () => {
  let cluster: PrivateCluster;
  beforeAll(async () => {
    if (!bin) throw new Error("CI_REQUIRE_POSTGRES=1 but PostgreSQL's server binaries (initdb, pg_ctl) are not installed.");
    cluster = await startPrivateCluster(bin);
  }, 60_000);
  afterAll(() => cluster?.destroy());

  it("should answer 503 while the database is down, and recover without a restart", async () => {
    const verifier = await serve({ db: cluster.url });
    const session = "/v1/sessions/restart";
    expect((await call(verifier.url, "POST", `${session}/evidence`, { body: { source: "get_invoice", content: INVOICE } })).status).toBe(201);

    cluster.stop();
    const down = await call(verifier.url, "POST", `${session}/evidence`, { body: { source: "get_customer", content: CUSTOMER } });
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(down.body.error.message).toMatch(/unreachable|cannot be reached|not reachable|connect/i);
    expect(down.body.error.message).not.toContain("postgres://");
    expect((await call(verifier.url, "POST", `${session}/verify`, { body: { draft: DRAFT } })).status).toBe(503);
    expect((await call(verifier.url, "GET", "/readyz")).status).toBe(503);

    cluster.start();
    let ready = 0;
    for (let i = 0; i < 50 && ready !== 200; i++) {
      ready = (await call(verifier.url, "GET", "/readyz")).status;
      if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ready).toBe(200);
    expect((await call(verifier.url, "POST", `${session}/evidence`, { body: { source: "get_customer", content: CUSTOMER } })).status).toBe(201);
    const report = await call(verifier.url, "POST", `${session}/verify`, { body: { draft: DRAFT } });
    expect(report.status).toBe(200);
    // The write refused while the database was down was not kept: two records, both given after a 201.
    expect(report.body.evidenceCount).toBe(2);
    expect(report.body.verdicts.map((v: { verdict: string }) => v.verdict)).toEqual(["contradicted", "supported", "unsupported"]);

    const store = openStore(cluster.url);
    try {
      if (!isAsyncStore(store)) throw new Error("expected a PostgreSQL store");
      const head = await store.chainHead("restart");
      expect(head.length).toBe(3);
      expect(auditChain(await store.chainRows("restart"), head).ok).toBe(true);
    } finally {
      if (isAsyncStore(store)) await store.close();
    }
  }, 60_000);
});
