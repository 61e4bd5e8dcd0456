#!/usr/bin/env node
/**
 * The `hfw` command line. A run that takes more than 2 s shows its progress on standard error ("verify: 1200/5000
claims (24%), 3 s elapsed").

Exit codes: 0 the answer may ship, 1 the policy blocks it, 2 bad usage or input.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { FirewallError } from "../errors.js";
import { Firewall } from "../firewall.js";
import { ActionSchema, StrictnessSchema } from "../schema.js";
import { formatReport } from "./format-report.js";
import { loadEvidence } from "./load-evidence.js";
import { packageVersion } from "./package-version.js";
import { progressLine } from "./progress.js";
import { STORE_COMMANDS, verifyStore } from "./store-commands.js";
import { startCliTelemetry } from "./telemetry.js";

const MAIN_HELP = `hfw: verify an AI agent's answer against what its tools returned.

Usage:
  hfw verify --evidence FILE... --draft FILE|- [options]
  hfw dashboard [--db FILE] [--port N] [--host H]
  hfw mcp [--proxy FILE] [--http [--port N]]
  hfw sessions | export SESSION_ID | prune --older-than DAYS   [--db FILE]
  hfw help [command]

Commands:
  verify     check every claim of a draft answer against evidence files
  dashboard  browse the sessions, answers and evidence of a database
  mcp        serve the firewall to MCP clients, and record what proxied MCP servers return
  sessions   list the sessions of a database
  export     one session's report as JSON or Markdown
  prune      delete sessions idle for more than N days

Options:
  -h, --help       this help
  -v, --version    the version

Run 'hfw verify --help' for the options of verify.`;

const VERIFY_HELP = `hfw verify: check every claim of a draft answer against tool outputs.

Usage:
  hfw verify --evidence FILE [--evidence FILE ...] --draft FILE|- [options]

Options:
  -e, --evidence PATH    a tool output: .txt/.md/.html (text), .json (one JSON output),
                         .jsonl (one {"source","content"} record a line), or a folder of them;
                         repeat for several
  -d, --draft PATH       the answer to check; '-' reads standard input
      --strictness S     lenient | balanced | strict (default balanced)
      --action A         annotate | rewrite | block (default: the preset's: annotate,
                         rewrite, block)
      --rewrite          same as --action rewrite
      --unsupported M    hedge | remove: what a rewrite does with unsupported claims
      --json             print the whole report as JSON
      --db FILE          also record the session in this SQLite database (or set
                         HFW_DB); 'hfw dashboard --db FILE' shows it
      --session ID       session to record in (default: a new one, cli-DATE-TIME-XXXX)
      --redact           mask e-mails, phone, card and id numbers in what the database
                         keeps (or HFW_REDACT=1); verification reads the original
  -h, --help             this help

Each evidence file's name (without extension) is its source name in the report; a .jsonl
line's "source" field names that record.

Exit codes: 0 the answer may ship (passed, annotated or rewritten), 1 the policy blocks it,
2 bad usage or unreadable input.

Tracing: set OTEL_EXPORTER_OTLP_ENDPOINT (e.g. http://localhost:4318) or HFW_OTEL=1 to send
OpenTelemetry spans, verdict events and metrics over OTLP/HTTP (HFW_OTEL=0 turns it off).

Example:
  hfw verify --evidence examples/npm-audit/evidence.jsonl --draft examples/npm-audit/draft.md --rewrite`;

class UsageError extends Error {}

async function verifyCommand(argv: string[]): Promise<number> {
  const started = performance.now();
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        evidence: { type: "string", short: "e", multiple: true },
        draft: { type: "string", short: "d" },
        strictness: { type: "string" },
        action: { type: "string" },
        rewrite: { type: "boolean" },
        unsupported: { type: "string" },
        json: { type: "boolean" },
        db: { type: "string" },
        session: { type: "string" },
        redact: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nRun 'hfw verify --help' for the options.`);
  }
  const o = parsed.values;
  if (o.help) {
    process.stdout.write(`${VERIFY_HELP}\n`);
    return 0;
  }
  if (o.version) {
    process.stdout.write(`${packageVersion()}\n`);
    return 0;
  }
  if (!o.draft) throw new UsageError("Missing --draft FILE (or --draft - for standard input). Run 'hfw verify --help'.");
  if (!o.evidence || o.evidence.length === 0) {
    throw new UsageError(
      "Missing --evidence PATH: pass the tool outputs to check against. (An empty ledger makes every factual claim unsupported; pass an empty .txt file if that is what you mean.)",
    );
  }
  const strictness = o.strictness ?? "balanced";
  if (!StrictnessSchema.safeParse(strictness).success) throw new UsageError(`--strictness must be lenient, balanced or strict, not '${strictness}'.`);
  const action = o.rewrite ? "rewrite" : o.action;
  if (action !== undefined && !ActionSchema.safeParse(action).success) throw new UsageError(`--action must be annotate, rewrite or block, not '${action}'.`);
  if (o.unsupported !== undefined && o.unsupported !== "hedge" && o.unsupported !== "remove")
    throw new UsageError(`--unsupported must be hedge or remove, not '${o.unsupported}'.`);

  const draft = readDraft(o.draft);
  const recording = verifyStore(o);
  const fw = new Firewall({ strictness: strictness as "balanced", ...recording.options });
  for (const path of o.evidence) {
    const inputs = loadEvidence(path);
    if (inputs.length === 0) throw new UsageError(`No evidence in '${path}': the folder holds no .txt, .md, .html, .json or .jsonl file.`);
    for (const input of inputs) {
      try {
        fw.record(input);
      } catch (error) {
        if (FirewallError.isInstance(error)) throw new UsageError(`${path}: ${error.message}`);
        throw error;
      }
    }
  }
  const report = await fw.verify(draft, {
    ...(action ? { action: action as "rewrite" } : {}),
    ...(o.unsupported ? { unsupported: o.unsupported as "hedge" } : {}),
    onProgress: progressLine({ started }),
  });
  process.stdout.write(o.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
  recording.done();
  return report.decision === "block" ? 1 : 0;
}

function readDraft(path: string): string {
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  let bytes: Buffer;
  try {
    bytes = readFileSync(path === "-" ? 0 : path);
  } catch (error) {
    throw new UsageError(`Cannot read the draft '${path}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}. Check the path.`);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw new UsageError(`The draft '${path}' is not valid UTF-8 text: convert it first (e.g. iconv -t UTF-8).`);
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === "help" || command === "--help" || command === "-h") {
      const help =
        rest[0] === "verify"
          ? VERIFY_HELP
          : rest[0] === "mcp"
            ? (await import("./mcp-command.js")).MCP_HELP
            : (STORE_COMMANDS[rest[0] ?? ""]?.help ?? MAIN_HELP);
      process.stdout.write(`${help}\n`);
      return command === undefined ? 2 : 0;
    }
    if (command === "--version" || command === "-v" || command === "version") {
      process.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    if (command === "verify") {
      const telemetry = await startCliTelemetry(process.env, (message) => process.stderr.write(`hfw: ${message}\n`));
      try {
        return await telemetry.run("hfw.cli.verify", () => verifyCommand(rest));
      } finally {
        await telemetry.shutdown();
      }
    }
    if (command === "mcp") return await (await import("./mcp-command.js")).mcpCommand(rest);
    const storeCommand = STORE_COMMANDS[command];
    if (storeCommand) return await storeCommand.run(rest);
    throw new UsageError(`Unknown command '${command}'. Run 'hfw --help' for the commands.`);
  } catch (error) {
    if (error instanceof UsageError || FirewallError.isInstance(error)) {
      process.stderr.write(`hfw: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}

const code = await main(process.argv.slice(2));
process.exitCode = code;
