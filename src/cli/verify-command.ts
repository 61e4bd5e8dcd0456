/**
 * `hfw verify`: checks every claim of a draft answer against evidence files. Its own module, loaded only when
 * the command runs, since it loads the whole verifier.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { FirewallError, LedgerTampered } from "../errors.js";
import { Firewall } from "../firewall.js";
import { ActionSchema, type Report, StrictnessSchema } from "../schema.js";
import { asyncBrowserOf } from "../store/async-browser.js";
import { asAsyncStore } from "../store/store.js";
import { storePathFromEnv } from "../store/store-from-env.js";
import { type CliCommand, packageVersion, strictnessSetting, UsageError } from "./cli-command.js";
import { formatReport } from "./format-report.js";
import { EVIDENCE_TYPES, loadEvidence } from "./load-evidence.js";
import { progressLine } from "./progress.js";
import { type VerifyStore, verifyStore } from "./store-commands.js";
import { startCliTelemetry } from "./telemetry.js";

/** What `hfw verify --help` prints: the flags, how each evidence file is read, the output and exit codes. */
export const VERIFY_HELP = `hfw verify: check every claim of a draft answer against tool outputs.

Usage:
  hfw verify --evidence PATH [--evidence PATH ...] --draft FILE|- [options]
  hfw verify --db FILE|URL --session ID --draft FILE|- [options]

Options:
  -e, --evidence PATH    a tool output, or a folder of them (see "Evidence files");
                         repeat for several
  -d, --draft PATH       the answer to check; '-' reads standard input
      --strictness S     lenient | balanced | strict (default: HFW_STRICTNESS, else balanced)
      --action A         annotate | rewrite | block (default: lenient annotates, balanced
                         rewrites, strict blocks)
      --rewrite          same as --action rewrite
      --unsupported M    hedge | remove: what a rewrite does with unsupported claims
      --json             print the whole report as JSON (from a clone, 'npm run -s hfw -- ...'
                         keeps npm's banner off standard output)
      --db FILE|URL      also record the session in this SQLite file or postgres:// URL
                         (or set HFW_DB); 'hfw dashboard --db FILE|URL' shows it
      --session ID       session to record in (default: a new one, cli-DATE-TIME-XXXX);
                         without --evidence, verify against what it already holds
      --redact           mask e-mails, phone, card and id numbers in what the database
                         keeps (or HFW_REDACT=1); verification reads the original
  -h, --help             this help
  -v, --version          the version

Evidence files, read by their extension:
  .txt .md .html .log    text (a JSON object or a table in it is still read as data)
  .json                  one JSON tool output
  .jsonl .ndjson         one record a line, "callId" and "args" optional:
                         {"source": "fx_cli", "callId": "call_2", "content": "1 GBP = 1.267 USD"}
                         "content" is a JSON value, or a string for a text output
  .csv .tsv              a table with a header line: each cell is read under its column
  any other, or none     plain text, with a note on standard error
A file's name without its extension is its source in the report (weather.json: weather).
Without --evidence, --db and --session name a session that holds evidence (recorded by an
agent, a hook or an earlier run); one with none is refused: every claim would be unsupported.

Output: a line per claim with its verdict, the evidence or the correction, and the tier that
decided it, 'tier 0 (exact, 0.91)'. The number is the calibrated probability that the verdict
is right, not that the claim is true: an unsupported verdict at 0.24 means the evidence did not
settle the claim, and such verdicts were right about a quarter of the time; check the claim,
or add the tool output that states it. Then the grounding score (supported / checkable
claims), the decision and the text that may ship. --json adds each tier's raw score
(trace[].confidence) and its notes in full. A run longer than 2 s shows its progress on
standard error (HFW_PROGRESS_AFTER_MS sets that delay, in ms).

Exit codes: 0 the answer may ship (passed, annotated or rewritten), 1 the policy blocks it
(or, with HFW_AUDIT=fail-closed, the session's ledger does not verify: see 'hfw audit verify'),
2 bad usage or unreadable input (a missing file, no evidence, invalid UTF-8, malformed JSON or
CSV, an unknown flag).

Environment: HFW_DB (or HFW_STORE) and HFW_REDACT as above. HFW_AUDIT=fail-closed audits the
session's hash chain before verifying. OTEL_EXPORTER_OTLP_ENDPOINT (e.g. http://localhost:4318)
or HFW_OTEL=1 sends OpenTelemetry spans, verdict events and metrics over OTLP/HTTP (HFW_OTEL=0
turns it off).

Example:
  hfw verify --evidence examples/npm-audit/evidence.jsonl --draft examples/npm-audit/draft.md --rewrite`;

async function verify(argv: string[]): Promise<number> {
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
  const evidence = o.evidence ?? [];
  if (evidence.length === 0 && (!o.session || (o.db === undefined && !storePathFromEnv()))) {
    throw new UsageError(
      "Missing --evidence PATH: pass the tool outputs to check against, or --db FILE|URL --session ID to check against what a stored session holds. (An empty ledger makes every factual claim unsupported; pass an empty .txt file if that is what you mean.)",
    );
  }
  const strictness = strictnessSetting(o.strictness);
  if (!StrictnessSchema.safeParse(strictness).success)
    throw new UsageError(`--strictness (or HFW_STRICTNESS) must be lenient, balanced or strict, not '${strictness}'.`);
  const action = o.rewrite ? "rewrite" : o.action;
  if (action !== undefined && !ActionSchema.safeParse(action).success) throw new UsageError(`--action must be annotate, rewrite or block, not '${action}'.`);
  if (o.unsupported !== undefined && o.unsupported !== "hedge" && o.unsupported !== "remove")
    throw new UsageError(`--unsupported must be hedge or remove, not '${o.unsupported}'.`);

  const draft = readDraft(o.draft);
  const recording = verifyStore(o);
  let recorded = false;
  try {
    if (evidence.length === 0) await requireStoredEvidence(recording);
    const fw = new Firewall({ strictness: strictness as "balanced", ...recording.options });
    for (const path of evidence) {
      const inputs = loadEvidence(path, {
        note: (message) => process.stderr.write(`hfw: note: ${message}\n`),
        ...(o.draft === "-" ? {} : { skip: o.draft }),
      });
      if (inputs.length === 0) throw new UsageError(`No evidence in '${path}': the folder holds no ${EVIDENCE_TYPES} file.`);
      try {
        await fw.session().recordMany(inputs);
      } catch (error) {
        if (FirewallError.isInstance(error)) throw new UsageError(`${path}: ${error.message}`);
        throw error;
      }
      recorded = true;
    }
    let report: Report;
    try {
      report = await fw.verify(draft, {
        ...(action ? { action: action as "rewrite" } : {}),
        ...(o.unsupported ? { unsupported: o.unsupported as "hedge" } : {}),
        onProgress: progressLine({ started }),
      });
    } catch (error) {
      // A refusal, not a usage error: the answer may not ship.
      if (!LedgerTampered.isInstance(error)) throw error;
      process.stderr.write(`hfw: ${error.message}\n`);
      return 1;
    }
    recorded = true;
    process.stdout.write(o.json ? `${JSON.stringify(report, null, 2)}\n` : `${formatReport(report)}\n`);
    return report.decision === "block" ? 1 : 0;
  } finally {
    await recording.done(recorded);
  }
}

/** Without --evidence, the session must hold some: an empty ledger would make every claim unsupported. */
async function requireStoredEvidence(recording: VerifyStore): Promise<void> {
  const { store, sessionId } = recording.options;
  const id = sessionId!;
  if (!(await asyncBrowserOf(store).getSession(id))) {
    throw new UsageError(`No session '${id}' in ${recording.label}: 'hfw sessions --db ${recording.label}' lists them, or pass --evidence PATH.`);
  }
  if ((await asAsyncStore(store).listEvidence(id, { limit: 1, offset: 0 })).length === 0) {
    throw new UsageError(`Session '${id}' in ${recording.label} holds no evidence: pass --evidence PATH, or record its tool outputs first.`);
  }
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

/** `hfw verify`, in an `hfw.cli.verify` span when OpenTelemetry export is on (see `telemetry.ts`). */
export const VERIFY_COMMAND: CliCommand = {
  help: VERIFY_HELP,
  run: async (argv) => {
    const telemetry = await startCliTelemetry(process.env, (message) => process.stderr.write(`hfw: ${message}\n`));
    try {
      return await telemetry.run("hfw.cli.verify", () => verify(argv));
    } finally {
      await telemetry.shutdown();
    }
  },
};
