/**
 * The PostToolUse hook's work: one tool output recorded as evidence in the Claude Code session's firewall
 * session, as `Session.record` would record it (same record builder, same ids), without loading the verifier.
 */
import { buildEvidenceRecord } from "../ledger/evidence-record.js";
import { type AnyStore, type AppendedEvidence, asAsyncStore } from "../store/store.js";
import { parsePostToolUseInput } from "./post-tool-use-input.js";
import { firewallSessionId } from "./session-id.js";
import { toolOutput } from "./tool-response.js";

/** What {@link captureToolOutput} did. */
export interface CaptureResult extends AppendedEvidence {
  /** The firewall session written to, `claude-<session_id>`. */
  sessionId: string;
}

/**
 * Records the tool output of one PostToolUse hook input: source `tool_name`, arguments `tool_input`, call id
 * `tool_use_id` (so a replayed input adds nothing), content the tool's output (see `toolOutput`).
 * @param input the hook's standard input.
 * @throws FirewallError for an input that is not a PostToolUse payload, EvidenceError for an output that cannot
 *   be recorded (binary, no text), StoreError when the database cannot be written.
 */
export async function captureToolOutput(input: string, store: AnyStore): Promise<CaptureResult> {
  const hook = parsePostToolUseInput(input);
  const content = toolOutput(hook.tool_response, hook.tool_name);
  const { id: _pending, ...record } = buildEvidenceRecord(
    { source: hook.tool_name, content, callId: hook.tool_use_id ?? null, ...(hook.tool_input === undefined ? {} : { args: hook.tool_input }) },
    "",
  ).record;
  const sessionId = firewallSessionId(hook.session_id);
  return { sessionId, ...(await asAsyncStore(store).appendEvidence(sessionId, [record]))[0]! };
}
