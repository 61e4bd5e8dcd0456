/**
 * Options of the AI SDK middleware, their defaults, and their validation.
 */
import { ConfigError, PRESETS, StrictnessSchema, resolvePolicy, type Policy, type Report, type VerifyOverrides } from "../../src/index.js";
import type { CallParamsLike } from "./types.js";

/** How `wrapStream` treats text deltas (see {@link FirewallMiddlewareOptions.stream}). */
export type StreamMode = "gate" | "observe" | "progressive";

/** What reaches the caller when the policy blocks an answer. */
export type BlockBehaviour = "refuse" | "throw";

/** What happens when verification itself fails (a bug, a draft the core refuses): ship the text or not. */
export type FailMode = "open" | "closed";

/** What `onReport` is told besides the report. */
export interface ReportInfo {
  /** The session the answer was verified in. */
  sessionId: string;
  /** `generate` for `doGenerate` calls; `gate`, `observe` or `progressive` for streams. */
  mode: "generate" | StreamMode;
  /**
   * The text that reaches the caller (the refusal when blocked; `null` when the run is made to throw). In
   * `progressive` mode a blocked answer's text is what was released before the block, followed by the
   * refusal under `onBlock: "refuse"`, or alone under `onBlock: "throw"`.
   */
  text: string | null;
}

export interface FirewallMiddlewareOptions {
  /**
   * The session (conversation) whose ledger records tool results and verifies answers: a fixed id, or a
   * function of the call's parameters. When absent or returning `undefined`, the id is read from
   * `providerOptions.hallucinationFirewall.sessionId`, then from the `sessionHeader` header, then the
   * firewall's default session is used.
   */
  session?: string | ((params: CallParamsLike) => string | undefined);
  /**
   * Request header that names the session (default `x-hfw-session`). The adapter removes it from the call
   * before the provider sees it, so a conversation id does not leave the process.
   */
  sessionHeader?: string;
  /**
   * Streaming mode. Default: `progressive` when the resolved policy action (the `verify` option's over the
   * firewall's own policy) is `rewrite` or `block`, as with the default balanced preset; `gate` otherwise
   * (e.g. `verify: { action: "annotate" }`, or the lenient preset).
   * - `gate`: text deltas are held until the model's step finishes, verified, then emitted as one delta
   *   (corrected, annotated, or the refusal), so nothing unverified reaches the caller; time to first token
   *   grows by the whole generation plus verification.
   * - `progressive`: text is held only until the next unit boundary. Each completed unit (sentence, list
   *   item, table row) is verified while the next streams in and released at once: unchanged when it
   *   passes, corrected or marked when a figure is wrong; code blocks and other claim-free text go out with
   *   the next unit. Nothing unverified reaches the caller, and when the answer is not blocked the streamed
   *   text equals a whole-answer `verify` with `cite: false` (no citation markers). Other parts (tool calls,
   *   reasoning, sources, files) keep their place after the text that preceded them. A block stops the
   *   stream: see `onBlock`. The model's stream is read at most 16,384 characters ahead of the released text
   *   while verification catches up; an aborted call releases nothing more and stores no report. A call
   *   with a JSON response format is gated (a JSON answer is one unit).
   * - `observe`: deltas pass through at once; the report arrives with the step's `finish` part and through
   *   `onReport`.
   */
  stream?: StreamMode;
  /**
   * When the policy blocks an answer (default `refuse`): `refuse` replaces the text with `refusal`;
   * `throw` makes the run fail with `HallucinationBlocked` (carrying the report): `generateText` rejects
   * with it, a stream errors with it.
   *
   * In `progressive` mode the text released before the block stays with the caller. `refuse` appends the
   * refusal as a last text delta (after a blank line), then emits an `error` part carrying
   * `HallucinationBlocked` and a `finish` part with finish reason `content-filter` and the report in its
   * metadata; the rest of the model's stream is cancelled. `throw` errors the stream with
   * `HallucinationBlocked` right after the released text.
   */
  onBlock?: BlockBehaviour;
  /** Text that replaces a blocked answer, or a function of the report (default: a one-line refusal). */
  refusal?: string | ((report: Report) => string);
  /** Policy fields for every verification, e.g. `{ strictness: "strict" }` or `{ action: "annotate" }`. */
  verify?: Omit<VerifyOverrides, "signal">;
  /**
   * Also verify text that comes in the same model response as tool calls (a preamble such as "Let me look
   * that up"), not only the final answer (default `false`). In gate mode such text is held until its step
   * finishes either way. In progressive mode the units completed before the first tool call arrives are
   * verified and released as usual (the step is not yet known to call tools; a block there stops it); when
   * the tool call arrives, the rest of the text passes as it came and no report is stored.
   */
  verifyToolCallSteps?: boolean;
  /**
   * Called with each report (after the answer is verified, before the step's result is returned or its
   * `finish` part is emitted). An exception it throws is logged, never passed to the run.
   */
  onReport?: (report: Report, info: ReportInfo) => void;
  /**
   * When verification fails (default `open`): `open` lets the text through unverified and says so in the
   * metadata and the firewall's logger; `closed` treats the answer as blocked. In `progressive` mode `open`
   * passes the text not yet released as it came, and `closed` stops the stream as a block does (with a
   * `FirewallError` in place of `HallucinationBlocked`).
   */
  failMode?: FailMode;
}

/** The options with defaults applied. */
export interface ResolvedOptions {
  session: FirewallMiddlewareOptions["session"];
  sessionHeader: string;
  stream: StreamMode;
  onBlock: BlockBehaviour;
  refusal: (report: Report | null) => string;
  verify: Omit<VerifyOverrides, "signal">;
  verifyToolCallSteps: boolean;
  onReport: FirewallMiddlewareOptions["onReport"];
  failMode: FailMode;
}

/** The default refusal; it states no fact, so it can never be a hallucination itself. */
export const DEFAULT_REFUSAL = "I can't give that answer: the tool results do not support it.";

const ONE_OF: Record<string, readonly string[]> = {
  stream: ["gate", "observe", "progressive"],
  onBlock: ["refuse", "throw"],
  failMode: ["open", "closed"],
};

/**
 * Applies defaults and checks every option.
 * @param base the firewall's own policy (`fw.policy`), which the `verify` option overrides; it decides the
 *   default stream mode.
 * @throws ConfigError naming the option and the accepted values.
 */
export function resolveOptions(options: FirewallMiddlewareOptions = {}, base: Policy = PRESETS.balanced): ResolvedOptions {
  if (options === null || typeof options !== "object") {
    throw new ConfigError(`firewallMiddleware options must be an object, got ${options === null ? "null" : typeof options}.`);
  }
  for (const [name, allowed] of Object.entries(ONE_OF)) {
    const value = (options as Record<string, unknown>)[name];
    if (value !== undefined && !allowed.includes(value as string)) {
      throw new ConfigError(`Unknown ${name} ${JSON.stringify(value)} for firewallMiddleware: use ${oneOf(allowed)}.`);
    }
  }
  const { session, sessionHeader, refusal, onReport, verify } = options;
  if (session !== undefined && typeof session !== "string" && typeof session !== "function") {
    throw new ConfigError("firewallMiddleware option session must be a string or a function (params) => string | undefined.");
  }
  if (typeof session === "string" && session.trim() === "") {
    throw new ConfigError("firewallMiddleware option session is an empty string: give a conversation id, or leave it out.");
  }
  if (sessionHeader !== undefined && (typeof sessionHeader !== "string" || !/^[A-Za-z0-9-]+$/.test(sessionHeader))) {
    throw new ConfigError(`firewallMiddleware option sessionHeader must be a header name (letters, digits, '-'), got ${JSON.stringify(sessionHeader)}.`);
  }
  if (refusal !== undefined && typeof refusal !== "string" && typeof refusal !== "function") {
    throw new ConfigError("firewallMiddleware option refusal must be a string or a function (report) => string.");
  }
  if (onReport !== undefined && typeof onReport !== "function") {
    throw new ConfigError("firewallMiddleware option onReport must be a function (report, info) => void.");
  }
  if (verify !== undefined && (verify === null || typeof verify !== "object")) {
    throw new ConfigError('firewallMiddleware option verify must be an object of policy fields, e.g. { strictness: "strict" }.');
  }
  if (verify) checkPolicy(verify);
  return {
    session,
    sessionHeader: (sessionHeader ?? "x-hfw-session").toLowerCase(),
    stream: options.stream ?? defaultStreamMode(base, verify ?? {}),
    onBlock: options.onBlock ?? "refuse",
    refusal: (report) => {
      if (typeof refusal === "function" && report) return refusal(report);
      return typeof refusal === "string" ? refusal : DEFAULT_REFUSAL;
    },
    verify: verify ?? {},
    verifyToolCallSteps: options.verifyToolCallSteps === true,
    onReport,
    failMode: options.failMode ?? "open",
  };
}

/**
 * `progressive` when the policy that verifies answers rewrites or blocks, `gate` otherwise (an annotating
 * policy marks text rather than correcting it, and a marked answer reads best whole).
 */
export function defaultStreamMode(base: Policy, verify: Omit<VerifyOverrides, "signal">): StreamMode {
  // The firewall's policy option keeps its action across a strictness override, as `verify` resolves it.
  const ownAction = base.action !== PRESETS[base.strictness].action ? base.action : undefined;
  const action = verify.action ?? ownAction ?? PRESETS[verify.strictness ?? base.strictness].action;
  return action === "rewrite" || action === "block" ? "progressive" : "gate";
}

function oneOf(values: readonly string[]): string {
  return values.length > 1 ? `${values.slice(0, -1).join(", ")} or ${values.at(-1)}` : values.join("");
}

function checkPolicy(verify: Omit<VerifyOverrides, "signal">): void {
  const { strictness, topK, ...policy } = verify;
  if (strictness !== undefined && !StrictnessSchema.safeParse(strictness).success) {
    throw new ConfigError(`Unknown strictness ${JSON.stringify(strictness)} in firewallMiddleware option verify: use lenient, balanced or strict.`);
  }
  if (topK !== undefined && !(Number.isInteger(topK) && topK > 0)) {
    throw new ConfigError(`firewallMiddleware option verify.topK must be a positive integer, got ${JSON.stringify(topK)}.`);
  }
  try {
    resolvePolicy(strictness ?? "balanced", policy);
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    throw new ConfigError(`Invalid policy field in firewallMiddleware option verify: ${detail}`, { cause });
  }
}
