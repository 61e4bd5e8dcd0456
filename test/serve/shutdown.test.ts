/**
 * Graceful shutdown: on SIGTERM `hfw serve` stops accepting connections, answers the verify it is in the
 * middle of (its body still uploading when the signal came), stores its report, and exits 0; a request that
 * never ends is cut after the grace period. The CLI case needs the build (`npm test` builds first).
 */
import { existsSync } from "node:fs";
import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { MemoryStore, SqliteStore } from "../../src/index.js";
import { call, cli, INVOICE, serve, serveProcess, tempDb } from "./helpers.js";

/**
 * Starts a JSON POST and writes `body` in two halves, the first once the server has taken the request (its
 * `100 Continue`), and `between` runs after it. @resolves the status and body.
 */
function postInTwoHalves(url: string, path: string, body: string, between: () => Promise<void>): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), expect: "100-continue" },
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    const half = Math.floor(body.length / 2);
    req.once("continue", () => {
      req.write(body.slice(0, half));
      void between().then(() => req.end(body.slice(half)), reject);
    });
  });
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.runIf(existsSync(cli))("hfw serve on SIGTERM", () => {
  it("should finish the verify in flight, refuse new connections, store the report and exit 0", async () => {
    const db = tempDb();
    const server = await serveProcess(["--db", db]);
    await call(server.url, "POST", "/v1/sessions/s1/evidence", { body: { source: "get_invoice", content: INVOICE } });
    const draft = `Invoice INV-7 totals EUR 890. ${"The invoice is open. ".repeat(2000)}`;
    const inFlight = postInTwoHalves(server.url, "/v1/sessions/s1/verify", JSON.stringify({ draft }), async () => {
      server.child.kill("SIGTERM");
      await until(() => server.stderr().includes("SIGTERM: finishing 1 request(s) in flight"), 5_000);
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    });
    const reply = await inFlight;
    expect(reply.status).toBe(200);
    expect(reply.body.verdicts[0]).toMatchObject({ verdict: "contradicted", corrections: [{ value: "EUR 980" }] });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain("stopped");

    const store = new SqliteStore({ path: db });
    expect(store.listReports("s1").map((r) => r.responseId)).toEqual([reply.body.responseId]);
    store.close();
  }, 60_000);
});

describe("close()", () => {
  it("should end a request that outlasts the grace period, and resolve soon after it", async () => {
    const running = await serve({ store: new MemoryStore(), graceMs: 300 });
    let elapsed = 0;
    const stuck = postInTwoHalves(running.url, "/v1/sessions/s1/evidence", JSON.stringify({ source: "t", content: "never finished" }), async () => {
      await until(() => running.verifier.inFlight === 1, 5_000);
      const started = Date.now();
      await running.close();
      elapsed = Date.now() - started;
      throw new Error("the server closed before the body ended");
    });
    await expect(stuck).rejects.toThrow();
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2_000);
  });

  it("should fail the readiness probe once draining began", async () => {
    const running = await serve({ store: new MemoryStore() });
    expect((await call(running.url, "GET", "/readyz")).status).toBe(200);
    running.verifier.drain();
    const r = await call(running.url, "GET", "/readyz");
    expect(r).toMatchObject({ status: 503, body: { error: { code: "shutting_down" } } });
    expect(r.headers.get("connection")).toBe("close");
  });
});
