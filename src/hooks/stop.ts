/**
 * The Stop hook's work: verify the turn's final message against the evidence the capture hook recorded in the
 * session, and decide whether the turn may end (see `stop-decision.ts` for the rule).
 *
 * The turn may end without verification when:
 * - `stop_hook_active` is true: Claude is already continuing because a Stop hook blocked, and a second block
 *   could loop;
 * - there is no final message;
 * - no tool was called this turn. With a transcript, the turn is what follows the last user prompt and a tool
 *   call is a `tool_use` block in it: the transcript is the harness's own record of the turn, unlike the
 *   evidence, which holds only what a capture hook managed to write. Without one, a tool was called when
 *   evidence was recorded after the session's last verified answer;
 * - the session holds no evidence at all (the capture hook is not wired to the same database): every claim
 *   would be unsupported, and sending the agent back would not help it.
 *
 * With `HFW_AUDIT=fail-closed`, a session whose hash chain does not verify is not verified: the hook blocks
 * once, telling the agent to say that its answer could not be checked (the evidence was changed outside the
 * firewall), and logs the break. `stop_hook_active` then lets the turn end.
 */
import { FirewallError, LedgerTampered } from "../errors.js";
import { Firewall, type Logger } from "../firewall.js";
import { resolvePolicy } from "../policy/presets.js";
import type { Report, Strictness } from "../schema.js";
import { type AnyStore, asAsyncStore } from "../store/store.js";
import { parseHookJson } from "./hook-json.js";
import { firewallSessionId } from "./session-id.js";
import { type StopBlock, stopDecision } from "./stop-decision.js";
import { StopInputSchema } from "./stop-input.js";
import { type LastTurn, readLastTurn } from "./transcript.js";

/** What the Stop hook decided. `why` says why a turn may end; `warning` is for the log when something looks misconfigured. */
export type StopOutcome =
  | { action: "allow"; why: string; warning?: string; report?: Report }
  | { action: "block"; output: StopBlock; report: Report; warning?: undefined }
  | { action: "block"; output: StopBlock; report?: undefined; warning: string };

export interface StopHookOptions {
  /** Where the capture hook recorded the session's evidence; the report is stored there too. */
  store: AnyStore;
  /** Policy preset the final message is verified with. */
  strictness: Strictness;
  /** Receives the verifier's warnings (a tier that failed on a claim). */
  logger?: Logger;
}

function parseStopInput(text: string) {
  const value = parseHookJson(text, { command: "stop", event: "Stop" });
  const parsed = StopInputSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new FirewallError(`The Stop input is not as documented: ${issue.path.join(".") || "input"}: ${issue.message}. Is this Claude Code's hook input?`);
  }
  if (parsed.data.hook_event_name !== undefined && parsed.data.hook_event_name !== "Stop") {
    throw new FirewallError(`'hfw hook stop' handles Stop, not ${JSON.stringify(parsed.data.hook_event_name)}: wire it under hooks.Stop in the settings.`);
  }
  return parsed.data;
}

/**
 * @param input the hook's standard input.
 * @throws FirewallError for an input that is not a Stop payload, or when neither `last_assistant_message` nor
 *   the transcript gives the final message; StoreError when the database cannot be read or written.
 */
export async function runStopHook(input: string, options: StopHookOptions): Promise<StopOutcome> {
  const hook = parseStopInput(input);
  if (hook.stop_hook_active) return { action: "allow", why: "stop_hook_active: Claude is already continuing after a Stop hook blocked" };
  let turn: LastTurn | undefined;
  let unreadable: unknown;
  if (hook.transcript_path) {
    try {
      turn = readLastTurn(hook.transcript_path);
    } catch (error) {
      unreadable = error;
    }
  }
  const text = hook.last_assistant_message?.trim() ? hook.last_assistant_message : (turn?.finalText ?? "");
  if (text.trim() === "") {
    if (unreadable !== undefined || !hook.transcript_path) {
      const why = unreadable === undefined ? "no transcript_path" : `${(unreadable as NodeJS.ErrnoException).code ?? (unreadable as Error).message}`;
      throw new FirewallError(`No final message to verify: the input has no last_assistant_message and the transcript cannot be read (${why}).`, {
        cause: unreadable,
      });
    }
    return { action: "allow", why: "the turn has no final message" };
  }
  if (turn && turn.toolUseIds.length === 0) return { action: "allow", why: "no tool was called this turn" };

  const sessionId = firewallSessionId(hook.session_id);
  // Read before a Firewall opens the session, which would store an empty one for an id capture never saw.
  if ((await asAsyncStore(options.store).listEvidence(sessionId, { limit: 1, offset: 0 })).length === 0) return noEvidence(sessionId);
  const fw = new Firewall({ store: options.store, sessionId, strictness: options.strictness, ...(options.logger ? { logger: options.logger } : {}) });
  const session = fw.session();
  await session.sync();
  const records = session.ledger.records;
  if (records.length === 0) return noEvidence(sessionId);
  if (!turn) {
    const lastReport = session.report().reports.at(-1)?.createdAt ?? Number.NEGATIVE_INFINITY;
    if (!records.some((r) => r.recordedAt > lastReport)) return { action: "allow", why: "no evidence recorded since the last verified answer" };
  }
  // The stored report says what the hook did: a contradiction the policy would correct in place blocks here
  // (the hook cannot rewrite the message), and an unsupported claim blocks only where the policy blocks.
  const overrides = options.strictness === "strict" ? {} : { action: "block" as const, flagUnsupported: 1.01 };
  let report: Report;
  try {
    report = await session.verify(text, { strictness: options.strictness, ...overrides });
  } catch (error) {
    if (LedgerTampered.isInstance(error)) return tampered(error);
    throw error;
  }
  const block = stopDecision(report, resolvePolicy(options.strictness, overrides));
  return block ? { action: "block", output: block, report } : { action: "allow", why: `verified: ${report.decision}`, report };
}

function noEvidence(sessionId: string): StopOutcome {
  return {
    action: "allow",
    why: "no evidence recorded in the session",
    warning: `No tool output is recorded in session '${sessionId}': wire 'hfw hook capture' as a PostToolUse hook on the same database. The turn ends unverified.`,
  };
}

/** Fail-closed: the answer is not verified against a ledger that was changed; the agent is told to say so. */
function tampered(error: LedgerTampered): StopOutcome {
  const reason =
    "hallucination-firewall could not check your last message: the tool outputs recorded in this session were changed outside the firewall " +
    `(its evidence ledger breaks at link ${error.break.seq}, ${error.break.cause}). Tell the user, in one sentence, that your answer was not ` +
    "verified against the tool outputs because the session's recorded evidence failed its integrity check; change nothing else.";
  return { action: "block", output: { decision: "block", reason }, warning: error.message };
}
