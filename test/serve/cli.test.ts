/**
 * `hfw serve` on the command line: its help, its refusals (exit 2 with a message that says what to do), and
 * the other commands never loading it. Needs the build (`npm test` builds first).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, root } from "./helpers.js";

function hfw(args: string[], env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [...nodeArgs, cli, ...args], { cwd: root, encoding: "utf8", env: { ...process.env, HFW_SERVE_TOKEN: "", ...env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A resolve hook (registered in the child) that logs each import of the verifier's modules (Express and the
 * rate limiter are required from them only, and a require() does not pass through this hook).
 */
const HOOK = `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (/\\/serve\\//.test(specifier)) appendFileSync(process.env.HFW_LOAD_LOG, specifier + "\\n");
  return next(specifier, context);
}`)}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(`import { register } from "node:module"; register(${JSON.stringify(HOOK)});`)}`;

describe.runIf(existsSync(cli))("hfw serve on the command line", () => {
  it("should print its help with -h and list itself in hfw's help", () => {
    const help = hfw(["serve", "-h"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^hfw serve: /);
    expect(help.stdout).toContain("--token T");
    expect(help.stdout).toContain("GET /v1/openapi.json");
    expect(hfw(["help", "serve"]).stdout).toBe(help.stdout);
    expect(hfw(["--help"]).stdout).toMatch(/\n {2}serve {6}the firewall as a stateless HTTP verifier/);
  });

  it.each([
    [["--strictness", "paranoid"], /--strictness \(or HFW_STRICTNESS\) must be lenient, balanced or strict/],
    [["--host", "0.0.0.0"], /needs a token: pass --token T \(or set HFW_SERVE_TOKEN/],
    [["--body-limit", "lots"], /--body-limit must be a size such as 16mb/],
    [["--rate", "1.5"], /--rate must be a whole number >= 0/],
    [["--port", "70000"], /--port must be 0\.\.65535/],
    [["--token", "a", "--no-auth"], /--token and --no-auth contradict each other/],
    [["--tokens", "a"], /Unknown option '--tokens'[\s\S]*hfw serve --help/],
  ])("should exit 2 for %j, saying what to do", (args, message) => {
    const r = hfw(["serve", "--port", "0", "--db", join(mkdtempSync(join(tmpdir(), "hfw-serve-cli-")), "hfw.db"), ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe("");
  });

  it("should not load the verifier for the other commands, nor for its own help", () => {
    const log = join(mkdtempSync(join(tmpdir(), "hfw-serve-load-")), "loaded.log");
    const db = join(mkdtempSync(join(tmpdir(), "hfw-serve-cli-")), "hfw.db");
    const draft = join(root, "examples/npm-audit/draft.md");
    const evidence = join(root, "examples/npm-audit/evidence.jsonl");
    for (const args of [["--version"], ["verify", "--evidence", evidence, "--draft", draft, "--db", db], ["sessions", "--db", db], ["serve", "--help"]]) {
      const r = hfw(args, { HFW_LOAD_LOG: log }, ["--import", REGISTER]);
      expect([0, 1], r.stderr).toContain(r.code);
    }
    expect(existsSync(log) ? readFileSync(log, "utf8") : "").toBe("");
    // The hook does see the verifier when serve runs (here it stops at the missing token, after loading it).
    hfw(["serve", "--host", "0.0.0.0", "--db", db], { HFW_LOAD_LOG: log }, ["--import", REGISTER]);
    expect(readFileSync(log, "utf8")).toContain("../serve/index.js");
  }, 60_000);
});
