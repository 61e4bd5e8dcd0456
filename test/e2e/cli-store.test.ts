/**
 * End to end: the built `hfw` with a database: verify --db records a session, sessions lists it, export
 * writes its report, prune deletes it, and dashboard serves it. Run `npm run build` first (`npm test` does).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SessionExport, SessionPage } from "../../src/index.js";

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");
const example = ["--evidence", join(root, "examples/npm-audit/evidence.jsonl"), "--draft", join(root, "examples/npm-audit/draft.md")];

function hfw(args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: "utf8", env: { ...process.env, HFW_STORE: "", ...env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe.runIf(existsSync(cli))("hfw with a database", () => {
  it("should record a verify run as a session that sessions lists and export writes", () => {
    const db = join(mkdtempSync(join(tmpdir(), "hfw-cli-")), "hfw.db");
    const run = hfw(["verify", "--json", "--db", db, "--session", "audit-1", ...example]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).sessionId).toBe("audit-1");
    expect(run.stderr).toContain(`recorded session 'audit-1' in ${db}`);
    const second = hfw(["verify", ...example], { HFW_STORE: db });
    expect(second.stderr).toMatch(/recorded session 'cli-\d{8}-\d{6}-[0-9a-f]{4}'/);

    const list = JSON.parse(hfw(["sessions", "--db", db, "--json"]).stdout) as SessionPage;
    expect(list.total).toBe(2);
    expect(list.sessions.map((s) => s.responses)).toEqual([1, 1]);
    const table = hfw(["sessions", "--db", db, "--search", "audit"]).stdout;
    expect(table).toMatch(/^audit-1 +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d +1 +0\.50 +2\/2\/0\/2 +-$/m);

    const out = join(db, "..", "audit-1.md");
    expect(hfw(["export", "audit-1", "--db", db, "--format", "md", "--out", out]).code).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("| 40 → 35 |");
    const exported = JSON.parse(hfw(["export", "audit-1", "--db", db]).stdout) as SessionExport;
    expect(exported.reports[0]!.verdicts.filter((v) => v.verdict === "contradicted")).toHaveLength(2);
    expect(exported.evidence.map((e) => e.source)).toEqual(["npm_view", "npm_view", "npm_view"]);
  });

  it("should prune sessions by age, and refuse what it cannot do with exit code 2", () => {
    const db = join(mkdtempSync(join(tmpdir(), "hfw-cli-")), "hfw.db");
    hfw(["verify", "--db", db, "--session", "old", ...example]);
    expect(hfw(["prune", "--db", db, "--older-than", "7"]).stdout).toContain("pruned 0 sessions idle for more than 7 days");
    expect(hfw(["prune", "--db", db, "--older-than", "0", "--dry-run"]).stdout).toContain("would prune 1 session ");
    expect(hfw(["prune", "--db", db, "--older-than", "0", "--compact"]).stdout).toContain("pruned 1 session ");
    expect(JSON.parse(hfw(["sessions", "--db", db, "--json"]).stdout).total).toBe(0);

    const missing = hfw(["sessions", "--db", join(db, "..", "nope.db")]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining("No database at")]);
    expect(existsSync(join(db, "..", "nope.db"))).toBe(false);
    expect(hfw(["prune", "--db", db]).stderr).toContain("Missing --older-than DAYS");
    expect(hfw(["prune", "--db", db, "--older-than", "soon"]).code).toBe(2);
    expect(hfw(["export", "ghost", "--db", db]).stderr).toContain("No session 'ghost'");
    expect(hfw(["dashboard", "--port", "99999"]).code).toBe(2);
    expect(hfw(["help", "prune"]).stdout).toContain("hfw prune --older-than DAYS");
  });

  it("should serve the database with hfw dashboard on 127.0.0.1 until stopped", async () => {
    const db = join(mkdtempSync(join(tmpdir(), "hfw-cli-")), "hfw.db");
    hfw(["verify", "--db", db, "--session", "shown", ...example]);
    const child = spawn(process.execPath, [cli, "dashboard", "--db", db, "--port", "0"], { cwd: root, env: { ...process.env, HFW_STORE: "" } });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /hfw dashboard: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on("exit", (code) => reject(new Error(`dashboard exited ${code}`)));
      });
      const api = (await (await fetch(`${url}api/sessions`)).json()) as SessionPage;
      expect(api.sessions.map((s) => s.sessionId)).toEqual(["shown"]);
      expect(await (await fetch(`${url}sessions/shown`)).text()).toContain('class="claim v-contradicted"');
    } finally {
      child.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });
});
