/**
 * `hfw hook capture` and `hfw hook stop`: Claude Code hooks (https://code.claude.com/docs/en/hooks). Claude Code
 * runs the command with the hook's JSON on standard input; exit code 2 would mean "block" to it, so a hook
 * exits 0 whatever happens and reports its own failures on standard error and in `hooks.log` beside the
 * database: a broken firewall must not stop the agent.
 *
 * `capture` runs once per tool call, so it loads only the record builder and the SQLite store (see `main.ts`);
 * `stop` loads the verifier.
 */
import { strictnessSetting } from "./cli-command.js";
import { appendFileSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { isPostgresUrl, openStore } from "../store/open-store.js";
import { DEFAULT_DB_PATH } from "../store/sqlite-store.js";
import { type AnyStore, asAsyncStore } from "../store/store.js";
import { storePathFromEnv } from "../store/store-from-env.js";
import type { CliCommand } from "./cli-command.js";

export const HOOK_HELP = `hfw hook: Claude Code hooks that record every tool output and check the final answer.

Usage:
  hfw hook capture [--db FILE|URL]                  as a PostToolUse hook (any tool, MCP tools too)
  hfw hook stop [--db FILE|URL] [--strictness S]    as a Stop hook

Both read the hook's JSON on standard input, as Claude Code writes it, and keep Claude Code's
session <id> as the session claude-<id> of the database.

  capture   records the tool's output (tool_response) as evidence, its tool_use_id as the call
            id: a replayed call adds nothing
  stop      verifies the turn's final message against the session's evidence. When it states
            what the evidence contradicts, prints {"decision":"block","reason":"..."}: Claude
            reads each claim, its evidence and the correction, and fixes its answer. Lets the
            turn end when stop_hook_active is true (no loops) or no tool was called this turn

Options:
      --db FILE|URL      SQLite file or postgres:// URL (default: HFW_DB, else .hfw/hfw.db in
                         $CLAUDE_PROJECT_DIR or the current folder); 'hfw dashboard --db FILE|URL'
                         shows the sessions
      --strictness S     stop: lenient | balanced | strict (default: HFW_STRICTNESS, else
                         balanced). Each blocks on contradicted claims; strict also on claims no
                         tool output supports
  -h, --help             this help

A hook never stops the agent on its own failure: a bad input, an unreadable transcript or an
unwritable database is written as one line to standard error and to hooks.log beside the
database (for a URL, in .hfw/ of the project folder), and the hook exits 0.

With HFW_AUDIT=fail-closed, stop does not verify a session whose hash chain breaks ('hfw audit
verify' shows where): it logs the break and blocks once, telling the agent to say that its
answer could not be verified.

Settings to copy: examples/claude-code/.`;

const STRICTNESS = ["lenient", "balanced", "strict"] as const;

/** The database: `--db`, else `HFW_DB` (or `HFW_STORE`), else `.hfw/hfw.db` in the Claude Code project folder. */
function hookDbPath(flag: string | undefined): string {
  return flag ?? storePathFromEnv() ?? join(process.env.CLAUDE_PROJECT_DIR?.trim() || ".", DEFAULT_DB_PATH);
}

/** The folder of `hooks.log`: the database file's, or for a PostgreSQL URL `.hfw` in the project folder. */
function logFolder(db: string): string {
  return isPostgresUrl(db) ? join(process.env.CLAUDE_PROJECT_DIR?.trim() || ".", dirname(DEFAULT_DB_PATH)) : dirname(resolve(db));
}

/** One line on standard error and, when its folder exists and is writable, in `hooks.log` beside the database. */
function logger(command: string, db: string): (message: string) => void {
  return (message) => {
    const line = `hfw hook ${command}: ${message.replace(/\s*\n\s*/g, " ")}`;
    process.stderr.write(`${line}\n`);
    try {
      appendFileSync(join(logFolder(db), "hooks.log"), `${new Date().toISOString()} ${line}\n`);
    } catch {
      // The log file is a convenience; standard error already has the line.
    }
  };
}

/** Runs `fn` with the store at `db`, and closes it after. */
async function withStore(db: string, fn: (store: AnyStore) => Promise<void>): Promise<void> {
  const store = openStore(db);
  try {
    await fn(store);
  } finally {
    await asAsyncStore(store).close();
  }
}

async function capture(input: string, db: string): Promise<void> {
  const { captureToolOutput } = await import("../hooks/capture.js");
  await withStore(db, async (store) => {
    await captureToolOutput(input, store);
  });
}

async function stop(input: string, db: string, strictness: (typeof STRICTNESS)[number], log: (message: string) => void): Promise<void> {
  const { runStopHook } = await import("../hooks/stop.js");
  await withStore(db, async (store) => {
    const outcome = await runStopHook(input, { store, strictness, logger: { warn: log } });
    if (outcome.action === "block") process.stdout.write(`${JSON.stringify(outcome.output)}\n`);
    if (outcome.warning) log(outcome.warning);
  });
}

async function hook(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "help" || command === "--help" || command === "-h") {
    process.stdout.write(`${HOOK_HELP}\n`);
    return 0;
  }
  let db = hookDbPath(undefined);
  let log = logger(command, db);
  try {
    if (command !== "capture" && command !== "stop")
      throw new Error(`unknown hook '${command}': use 'hfw hook capture' (PostToolUse) or 'hfw hook stop' (Stop).`);
    const { values: o } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: { db: { type: "string" }, strictness: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
    if (o.help) {
      process.stdout.write(`${HOOK_HELP}\n`);
      return 0;
    }
    db = hookDbPath(o.db);
    log = logger(command, db);
    const strictness = strictnessSetting(o.strictness);
    if (!(STRICTNESS as readonly string[]).includes(strictness))
      throw new Error(`--strictness (or HFW_STRICTNESS) must be lenient, balanced or strict, not '${strictness}'.`);
    const input = await readStdin();
    if (command === "capture") await capture(input, db);
    else await stop(input, db, strictness as (typeof STRICTNESS)[number], log);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${message}${command === "stop" ? " The turn ends unverified." : command === "capture" ? " Nothing recorded." : ""}`);
  }
  return 0;
}

/** Standard input as UTF-8 text: read at once, or as a stream when it is non-blocking (EAGAIN). */
async function readStdin(): Promise<string> {
  try {
    return readFileSync(0, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export const HOOK_COMMAND: CliCommand = { help: HOOK_HELP, run: hook };
