/**
 * End to end: the built `hfw hook capture` and `hfw hook stop` on hook inputs in the shapes the Claude Code hooks
 * reference documents, with a SQLite file in a temporary folder and a transcript written beside it. Run
 * `npm run build` first (`npm test` does).
 */
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { SessionExport, SessionPage } from "../../src/index.js";

const Database = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");
const CLEAN_ENV = { HFW_DB: "", HFW_STORE: "", HFW_STRICTNESS: "", HFW_REDACT: "", HFW_AUDIT: "", CLAUDE_PROJECT_DIR: "" };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function hfw(args: string[], input: string, env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, input, encoding: "utf8", env: { ...process.env, ...CLEAN_ENV, ...env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

function hfwAsync(args: string[], input: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { ...process.env, ...CLEAN_ENV } });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** A temporary folder with the database path and a transcript writer. */
function workspace() {
  const dir = mkdtempSync(join(tmpdir(), "hfw-hooks-"));
  return { dir, db: join(dir, ".hfw", "hfw.db"), transcript: join(dir, "transcript.jsonl") };
}

const SESSION = "9ecf22fa-edf8-4332-ae85-b6d5456eda64";

/** A PostToolUse input as documented: common fields, then tool_name, tool_input, tool_response, tool_use_id. */
function postToolUse(w: { transcript: string; dir: string }, tool: string, toolInput: unknown, response: unknown, toolUseId?: string): string {
  return JSON.stringify({
    session_id: SESSION,
    transcript_path: w.transcript,
    cwd: w.dir,
    permission_mode: "default",
    hook_event_name: "PostToolUse",
    tool_name: tool,
    tool_input: toolInput,
    tool_response: response,
    ...(toolUseId ? { tool_use_id: toolUseId } : {}),
  });
}

/** A Stop input as documented (without last_assistant_message unless given, as before Claude Code 2.1.47). */
function stopInput(w: { transcript: string; dir: string }, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    session_id: SESSION,
    transcript_path: w.transcript,
    cwd: w.dir,
    permission_mode: "default",
    hook_event_name: "Stop",
    stop_hook_active: false,
    ...extra,
  });
}

const INVOICE = { invoice: "INV-7", customer: "Jane Smith", total: 1500, currency: "EUR", status: "unpaid", due: "2024-03-01" };
const mcpResponse = [{ type: "text", text: JSON.stringify(INVOICE) }];

/** A transcript whose last turn asks about the invoice, calls the MCP tool (or not), and ends with `answer`. */
function writeTranscript(path: string, answer: string, options: { toolCall?: boolean } = {}): void {
  const entry = (type: string, content: unknown, extra: object = {}) =>
    JSON.stringify({ type, message: { role: type, content }, sessionId: SESSION, ...extra });
  const lines = [
    entry("user", "Hello"),
    entry("assistant", [{ type: "text", text: "Hi! How can I help?" }], { uuid: "a0" }),
    entry("user", "What does invoice INV-7 total, and is it paid?"),
  ];
  if (options.toolCall !== false) {
    lines.push(
      entry("assistant", [{ type: "tool_use", id: "toolu_01", name: "mcp__billing__get_invoice", input: { invoice: "INV-7" } }]),
      entry("user", [{ type: "tool_result", tool_use_id: "toolu_01", content: mcpResponse }]),
    );
  }
  lines.push(entry("assistant", [{ type: "text", text: answer }]));
  writeFileSync(path, `${lines.join("\n")}\n`);
}

function exported(db: string): SessionExport {
  return JSON.parse(hfw(["export", `claude-${SESSION}`, "--db", db], "").stdout) as SessionExport;
}

describe.runIf(existsSync(cli))("hfw hook capture", () => {
  it("should record a built-in tool's output and an MCP tool's content blocks in the session claude-<session_id>", () => {
    const w = workspace();
    const bash = postToolUse(w, "Bash", { command: "npm view cors license" }, { stdout: "MIT\n", stderr: "", interrupted: false, isImage: false }, "toolu_00");
    const mcp = postToolUse(w, "mcp__billing__get_invoice", { invoice: "INV-7" }, mcpResponse, "toolu_01");
    for (const input of [bash, mcp]) expect(hfw(["hook", "capture", "--db", w.db], input)).toEqual({ code: 0, stdout: "", stderr: "" });

    const evidence = exported(w.db).evidence;
    expect(evidence.map((e) => [e.id, e.source, e.callId, e.format])).toEqual([
      ["e1", "Bash", "toolu_00", "text"],
      ["e2", "mcp__billing__get_invoice", "toolu_01", "json"],
    ]);
    expect(evidence[0]!.text).toBe("MIT\n");
    expect(evidence[1]!.text).toContain("total: 1500");
    expect(evidence[1]!.args).toEqual({ invoice: "INV-7" });
  });

  it("should add nothing when the same tool_use_id is captured again", () => {
    const w = workspace();
    const mcp = postToolUse(w, "mcp__billing__get_invoice", { invoice: "INV-7" }, mcpResponse, "toolu_01");
    hfw(["hook", "capture", "--db", w.db], mcp);
    hfw(["hook", "capture"], mcp, { HFW_DB: w.db });
    expect(exported(w.db).evidence.map((e) => e.id)).toEqual(["e1"]);
  });

  it("should give concurrent captures of one session distinct ids", async () => {
    const w = workspace();
    hfw(
      ["hook", "capture", "--db", w.db],
      postToolUse(w, "Read", { file_path: "a.md" }, { type: "text", file: { filePath: "a.md", content: "a" } }, "toolu_a"),
    );
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => hfwAsync(["hook", "capture", "--db", w.db], postToolUse(w, "Bash", { command: `echo ${i}` }, `${i}`, `toolu_${i}`))),
    );
    expect(runs.map((r) => [r.code, r.stderr])).toEqual(Array.from({ length: 8 }, () => [0, ""]));
    const evidence = exported(w.db).evidence;
    expect(evidence.map((e) => e.id).sort()).toEqual(["e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9"].sort());
    expect(new Set(evidence.map((e) => e.callId)).size).toBe(9);
  });

  it.each([
    ["not JSON", "{ this is not json", /hfw hook capture: The hook input is not JSON .*Nothing recorded\./],
    ["no tool_response", JSON.stringify({ session_id: SESSION, tool_name: "Bash" }), /has no tool_response/],
    ["binary output", JSON.stringify({ session_id: SESSION, tool_name: "Bash", tool_response: "\u0000\u0001\u0002PNG" }), /looks binary/],
  ])("should exit 0 and log one line on a payload that is %s", (_name, input, message) => {
    const w = workspace();
    const run = hfw(["hook", "capture", "--db", w.db], input);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(readFileSync(join(w.dir, ".hfw", "hooks.log"), "utf8")).toMatch(message);
  });

  it("should exit 0 and log the error when the database cannot be written", () => {
    const w = workspace();
    writeFileSync(join(w.dir, "a-file"), "");
    const run = hfw(["hook", "capture", "--db", join(w.dir, "a-file", "hfw.db")], postToolUse(w, "Bash", {}, "ok", "toolu_1"));
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^hfw hook capture: Cannot open the SQLite store .*Nothing recorded\.\n$/);
  });
});

describe.runIf(existsSync(cli))("hfw hook stop", () => {
  /** A workspace whose session has the invoice recorded by the capture hook. */
  function captured() {
    const w = workspace();
    hfw(["hook", "capture", "--db", w.db], postToolUse(w, "mcp__billing__get_invoice", { invoice: "INV-7" }, mcpResponse, "toolu_01"));
    return w;
  }

  it("should block a contradicted answer with each claim, its evidence and its correction", () => {
    const w = captured();
    writeTranscript(w.transcript, "Invoice INV-7 for Jane Smith totals 1,200 EUR and is unpaid.");
    const run = hfw(["hook", "stop", "--db", w.db], stopInput(w));
    expect([run.code, run.stderr]).toEqual([0, ""]);
    const output = JSON.parse(run.stdout) as { decision: string; reason: string };
    expect(Object.keys(output)).toEqual(["decision", "reason"]);
    expect(output.decision).toBe("block");
    expect(output.reason).toContain('"Invoice INV-7 for Jane Smith totals 1,200 EUR');
    expect(output.reason).toContain('is contradicted by mcp__billing__get_invoice (e1): "total: 1500"');
    expect(output.reason).toContain("Correction: 1,200 EUR → 1,500 EUR.");

    // The report is stored in the session, where the dashboard reads it.
    const page = JSON.parse(hfw(["sessions", "--db", w.db, "--json"], "").stdout) as SessionPage;
    expect(page.sessions.map((s) => [s.sessionId, s.responses, s.evidenceCount])).toEqual([[`claude-${SESSION}`, 1, 1]]);
    expect(exported(w.db).reports[0]!.counts.contradicted).toBe(1);
    // The stored decision is what the hook did, so the dashboard counts the answer as blocked.
    expect(exported(w.db).reports[0]!.decision).toBe("block");
  });

  it("should let a supported answer through with no output", () => {
    const w = captured();
    writeTranscript(w.transcript, "Invoice INV-7 for Jane Smith totals 1,500 EUR and is unpaid.");
    expect(hfw(["hook", "stop", "--db", w.db], stopInput(w))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(exported(w.db).reports.map((r) => r.decision)).toEqual(["pass"]);
  });

  it("should verify last_assistant_message when the input has it, with no transcript to read", () => {
    const w = captured();
    const input = stopInput(w, { transcript_path: join(w.dir, "missing.jsonl"), last_assistant_message: "INV-7 totals 1,200 EUR." });
    expect(JSON.parse(hfw(["hook", "stop", "--db", w.db], input).stdout).reason).toContain("Correction: 1,200 EUR → 1,500 EUR.");
    // Nothing recorded since that answer was verified: the next stop has nothing new to check.
    expect(hfw(["hook", "stop", "--db", w.db], input)).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("should let the turn end when stop_hook_active is true", () => {
    const w = captured();
    writeTranscript(w.transcript, "Invoice INV-7 totals 1,200 EUR.");
    expect(hfw(["hook", "stop", "--db", w.db], stopInput(w, { stop_hook_active: true }))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(exported(w.db).reports).toEqual([]);
  });

  it("should let the turn end when no tool was called this turn", () => {
    const w = captured();
    writeTranscript(w.transcript, "Invoice INV-7 totals 1,200 EUR.", { toolCall: false });
    expect(hfw(["hook", "stop", "--db", w.db], stopInput(w))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(exported(w.db).reports).toEqual([]);
  });

  it("should block an unsupported claim under strict only", () => {
    const w = captured();
    writeTranscript(w.transcript, "Invoice INV-7 totals 1,500 EUR. Jane Smith has been a customer since 2019.");
    expect(hfw(["hook", "stop", "--db", w.db], stopInput(w)).stdout).toBe("");
    const strict = JSON.parse(hfw(["hook", "stop", "--db", w.db, "--strictness", "strict"], stopInput(w)).stdout) as { reason: string };
    expect(strict.reason).toContain("(strict policy)");
    expect(strict.reason).toContain('"Jane Smith has been a customer since 2019." is not supported by any tool output recorded in this session');
  });

  it.each([
    ["not JSON", "]", /^hfw hook stop: The hook input is not JSON .*The turn ends unverified\.\n$/],
    ["without session_id", JSON.stringify({ hook_event_name: "Stop", stop_hook_active: false }), /Stop input is not as documented: session_id/],
    ["with a transcript that cannot be read", JSON.stringify({ session_id: SESSION, transcript_path: "/nonexistent/t.jsonl" }), /cannot be read \(ENOENT\)/],
  ])("should exit 0 with no decision and log one line on an input %s", (_name, input, message) => {
    const w = captured();
    const run = hfw(["hook", "stop", "--db", w.db], input);
    expect([run.code, run.stdout]).toEqual([0, ""]);
    expect(run.stderr).toMatch(message);
  });

  it("should, with HFW_AUDIT=fail-closed, not verify a session whose ledger was changed: block once to say so, and log the break", () => {
    const w = captured();
    const raw = new Database(w.db);
    raw.prepare("UPDATE evidence SET content = replace(content, '1500', '1200')").run();
    raw.close();
    writeTranscript(w.transcript, "Invoice INV-7 for Jane Smith totals 1,200 EUR and is unpaid.");
    const run = hfw(["hook", "stop", "--db", w.db], stopInput(w), { HFW_AUDIT: "fail-closed" });
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as { decision: string; reason: string };
    expect(output.decision).toBe("block");
    expect(output.reason).toContain("its evidence ledger breaks at link 1, edited");
    expect(output.reason).toContain("was not verified against the tool outputs");
    expect(run.stderr).toContain(`hfw hook stop: The evidence ledger of session 'claude-${SESSION}' does not verify at link 1 (evidence e1), edited`);
    expect(readFileSync(join(w.dir, ".hfw", "hooks.log"), "utf8")).toContain("does not verify at link 1");
    expect(exported(w.db).reports).toEqual([]);
    // Claude continues once with that instruction; the next stop lets the turn end.
    expect(hfw(["hook", "stop", "--db", w.db], stopInput(w, { stop_hook_active: true }), { HFW_AUDIT: "fail-closed" }).stdout).toBe("");
  });

  it("should say so when no tool output was recorded for the session", () => {
    const w = workspace();
    writeTranscript(w.transcript, "Invoice INV-7 totals 1,200 EUR.");
    const run = hfw(["hook", "stop", "--db", w.db], stopInput(w));
    expect([run.code, run.stdout]).toEqual([0, ""]);
    expect(run.stderr).toContain(`No tool output is recorded in session 'claude-${SESSION}': wire 'hfw hook capture'`);
    // No empty session is stored for an id capture never saw.
    expect(JSON.parse(hfw(["sessions", "--db", w.db, "--json"], "").stdout).sessions).toEqual([]);
  });
});

describe.runIf(existsSync(cli))("hfw hook --help", () => {
  it("should describe both hooks, and hfw --help should list the command", () => {
    expect(hfw(["hook", "--help"], "").stdout).toContain("hfw hook stop [--db FILE|URL] [--strictness S]");
    expect(hfw(["help", "hook"], "").stdout).toContain("hfw hook capture [--db FILE|URL]");
    expect(hfw(["--help"], "").stdout).toMatch(/^ {2}hook {7}Claude Code hooks/m);
  });
});
