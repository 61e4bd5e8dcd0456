/**
 * End to end: the built `hfw` with a database: verify --db records a session, sessions lists it, export
 * writes its report, prune deletes it, and dashboard serves it. Run `npm run build` first (`npm test` does).
 */
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { SessionExport, SessionPage } from "../../src/index.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");
const example = ["--evidence", join(root, "examples/npm-audit/evidence.jsonl"), "--draft", join(root, "examples/npm-audit/draft.md")];

function hfw(args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, HFW_STORE: "", HFW_DB: "", HFW_AUDIT: "", ...env },
  });
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

  it("should verify a draft against what a stored session holds when no --evidence is given", () => {
    const db = join(mkdtempSync(join(tmpdir(), "hfw-cli-")), "hfw.db");
    expect(hfw(["verify", "--db", db, "--session", "held", ...example]).code).toBe(0);
    const again = hfw(["verify", "--json", "--db", db, "--session", "held", "--draft", example[3]!]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ responseId: "r2", evidenceCount: 3, counts: { contradicted: 2 } });
    expect(JSON.parse(hfw(["sessions", "--db", db, "--json"]).stdout).sessions[0]).toMatchObject({ sessionId: "held", responses: 2, evidenceCount: 3 });

    const ghost = hfw(["verify", "--db", db, "--session", "ghost", "--draft", example[3]!]);
    expect([ghost.code, ghost.stderr]).toEqual([2, expect.stringContaining("No session 'ghost' in ")]);
    const noDb = hfw(["verify", "--session", "held", "--draft", example[3]!]);
    expect([noDb.code, noDb.stderr]).toEqual([2, expect.stringContaining("Missing --evidence PATH: pass the tool outputs to check against, or --db")]);
  });

  it("should audit every session's chain, name a changed row with exit code 1, and check an export offline", () => {
    const db = join(mkdtempSync(join(tmpdir(), "hfw-cli-")), "hfw.db");
    hfw(["verify", "--db", db, "--session", "a", ...example]);
    hfw(["verify", "--db", db, "--session", "b", ...example]);
    const clean = hfw(["audit", "verify", "--db", db]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(
      /^ok {6}a {2}4 links, head [0-9a-f]{12}\nok {6}b {2}4 links, head [0-9a-f]{12}\n2 sessions audited in [\d.]+ s: 2 ok, 0 broken \(/,
    );
    const file = join(db, "..", "b.json");
    expect(hfw(["export", "b", "--db", db, "--out", file]).code).toBe(0);

    const raw = new Database(db);
    raw.prepare("UPDATE reports SET draft = 'Something else.' WHERE session_id = 'b'").run();
    raw.close();
    const broken = hfw(["audit", "verify", "--db", db]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/^BROKEN {2}b {2}link 4 \(report r1\), edited: report r1 \(link 4\) does not match its hash/m);
    expect(broken.stdout).toContain("2 sessions audited");
    const one = JSON.parse(hfw(["audit", "verify", "--db", db, "--session", "a", "--json"]).stdout);
    expect(one).toMatchObject({ ok: true, sessions: [{ sessionId: "a", ok: true, length: 4 }] });

    // The export was made before the change: offline, it still verifies.
    expect(hfw(["audit", "verify", "--file", file]).code).toBe(0);
    expect(hfw(["audit", "verify", "--db", db, "--session", "nobody"]).stderr).toContain("No session 'nobody'");
    expect(hfw(["audit"]).code).toBe(2);
    expect(hfw(["help", "audit"]).stdout).toContain("hfw audit verify --file EXPORT.json");
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
