/**
 * The Python example (`examples/python-client/client.py`, standard library only) against a verifier on
 * loopback: its printed verdicts and correction, and its exit codes. Skipped where python3 is missing.
 */
import { execFile, spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "../../src/index.js";
import { root, serve } from "./helpers.js";

const script = join(root, "examples/python-client/client.py");
const python = spawnSync("python3", ["--version"]).status === 0;
if (!python) console.info("test/serve/python-client: python3 is not on PATH, so the Python client is not run.");

function runClient(env: Record<string, string>, args: string[] = []): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile("python3", [script, ...args], { env: { PATH: process.env.PATH ?? "", ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

describe.runIf(python)("the Python client example", () => {
  it("should record two tool outputs, verify the answer and print each verdict and the correction", async () => {
    const store = new MemoryStore();
    const { url } = await serve({ store });
    const r = await runClient({ HFW_URL: url }, ["py-1"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[0]).toBe("contradicted  Invoice INV-7 totals EUR 890.  ->  EUR 890 should be EUR 980 (get_invoice)");
    expect(lines[1]).toBe("supported     Acme GmbH is based in Germany.");
    expect(lines[2]).toBe("unsupported   Acme GmbH was founded in 1998.");
    expect(lines[3]).toBe("decision: rewrite, grounding score: 0.33");
    expect(r.stdout).toContain("Invoice INV-7 totals EUR 980 [1].");
    expect(store.listEvidence("py-1").map((e) => e.callId)).toEqual(["call_1", "call_2"]);
    expect(store.listReports("py-1")).toHaveLength(1);
  }, 30_000);

  it("should send the token it is given, and exit 2 with the server's message without one", async () => {
    const { url } = await serve({ store: new MemoryStore(), tokens: ["py-token-123"] });
    const refused = await runClient({ HFW_URL: url });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/hfw serve answered 401 unauthorized: Missing or wrong token/);
    const ok = await runClient({ HFW_URL: url, HFW_SERVE_TOKEN: "py-token-123" });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^contradicted/);
  }, 30_000);
});
