/**
 * Progressive verification of a streaming answer: text is written in as it arrives; each unit (sentence,
 * list item, table row) is verified as soon as the next one begins, and what the policy lets ship of it is
 * released at once, in order. A unit that passes goes out unchanged; a wrong figure goes out corrected
 * (rewrite) or marked (annotate); a rule that no later text can lift (the block action, a contradiction
 * with no correction) stops the answer. Code blocks and other claim-free text go out with the next unit.
 *
 * Consistency: a claim is read only up to the end of its unit (`ExtractedClaim.unit`), and every release is
 * a prefix of the policy's text for the answer so far, so when the answer is not blocked the released text
 * equals the `output` of a whole-answer `verify` of the same draft, and the stored report is that report.
 */
import { DraftError, FirewallError } from "../errors.js";
import type { Claim, ClaimVerdict, Report } from "../schema.js";
import type { AnswerRun, Session, VerifyOverrides } from "../session.js";
import type { VerifyTelemetry } from "../telemetry/verify-telemetry.js";
import { isRestartPoint } from "./restart-point.js";

/**
 * Text that may have ended a unit and begun the next: a sentence end (or a colon, semicolon, pipe) then
 * space then a character, a line break then a character, or a CJK sentence end then a character. A pass
 * looks for new units only after such text; a unit it misses is verified by the next pass or at the end.
 */
const BOUNDARY = /[.!?:;|]["”'’)\]*_`]*\s+\S|\n\s*\S|[。！？]\S/u;

/**
 * A draft that ends like a sentence: its last unit is probably complete, so a pass verifies it ahead of the
 * next unit (speculatively); when the next unit begins and the last one reads the same, its verdicts stand
 * and it goes out at once. If the unit grows instead ("3." then "5"), its claims change and are verified again
 * (that early look is not wasted: what it loaded about the sentence's entity serves the next).
 */
const SENTENCE_END_TAIL = /[.!?。！？]["”'’)\]*_`]*\s*$/u;

/** What a release covers, for owners that report per unit (one event per sentence, say). */
export interface ReleaseInfo {
  /**
   * The draft range `[start, end)` the release stands for: from the end of the range of the previous call
   * through the end of the units it completes. Text the policy removed (a deleted unit) has no call of its
   * own: its range and claims come with the next call.
   */
  draft: [number, number];
  /** The claims whose span starts in that range, in draft order, numbered as in the final report. */
  claims: Claim[];
  /** Their verdicts, in the same order. */
  verdicts: ClaimVerdict[];
}

/** What a progressive verification tells its owner. */
export interface ProgressiveHandlers {
  /**
   * Text that may ship, in order; the concatenation of all calls is the released answer. `info` says which
   * part of the draft the text stands for and the verdicts of its claims.
   */
  onRelease?: (text: string, info: ReleaseInfo) => void;
  /**
   * Called once when a rule that no later text can lift blocks the answer before its end (the block action
   * with a flagged claim, a contradiction without correction under `blockUncorrectable`), with the stored
   * report of the draft through the blocking unit. Nothing more is released; `end()` resolves with the same
   * report. A block decided only at the end (the grounding score) comes from `end()` alone.
   */
  onBlock?: (report: Report) => void;
  /**
   * Decide a block only at `end()` (default `false`): when a block rule fires before the end, nothing more is
   * released, but the answer is read to its end and `end()` reports the block (`onBlock` is not called). For
   * text that may turn out
   * not to be the answer: a model step that calls a tool after its text is abandoned with `abort()` (the
   * tool call goes on, nothing is stored), where an early block would have stopped it.
   */
  blockAtEnd?: boolean;
}

/** How a progressive verification ended. */
export interface ProgressiveResult {
  /** The stored report of the answer (of the draft up to the blocking unit when blocked). */
  report: Report;
  /** Everything released, in order. When not blocked it equals `report.output`. */
  released: string;
  /** The answer was stopped by a block before its end, or blocked at its end. */
  blocked: boolean;
  /** Draft characters read before the block; the whole draft otherwise. */
  draftChars: number;
}

/**
 * One streaming answer's verification (see the module comment). Create it with `session.progressive()`.
 *
 * ```ts
 * const pv = session.progressive({}, { onRelease: (text) => process.stdout.write(text) });
 * for await (const delta of modelStream) {
 *   pv.write(delta);
 *   if (pv.blocked) break;
 * }
 * const { report, released } = await pv.end();
 * ```
 */
export class ProgressiveVerification {
  private draft = "";
  /** Draft offset up to which a pass last looked for new units. */
  private looked = 0;
  /** Draft offset up to which the units are verified and their text decided (the last unit's start). */
  private settledTo = 0;
  /** The latest restart point (see `restart-point.ts`) at or before `settledTo`: extraction reads from here. */
  private restartAt = 0;
  private releasedText = "";
  /** Draft offset through which the released text covers the draft. */
  private releasedTo = 0;
  /** Draft offset through which `onRelease` has reported ranges and claims. */
  private reportedTo = 0;
  private answer: Promise<AnswerRun> | null = null;
  private pass: Promise<void> = Promise.resolve();
  private passQueued = false;
  private failure: unknown = null;
  private stopped: { report: Report } | null = null;
  /** A block rule fired before the end under `blockAtEnd`: nothing more is released until `end()` decides. */
  private blockPending = false;
  private ended = false;
  private aborted = false;
  private readonly controller = new AbortController();

  constructor(
    private readonly session: Session,
    private readonly overrides: VerifyOverrides,
    private readonly tel: VerifyTelemetry,
    private readonly handlers: ProgressiveHandlers,
    private readonly maxDraftChars: number,
  ) {
    overrides.signal?.addEventListener("abort", () => this.abort(), { once: true });
  }

  /** The text released so far. */
  get released(): string {
    return this.releasedText;
  }

  /**
   * Draft characters the released text covers: the text after them was written but not released yet (a
   * unit still open, text held by the score rule). An owner that abandons the answer (a model step that
   * turned out to call tools) can pass `draft.slice(releasedThrough)` on as it came.
   */
  get releasedThrough(): number {
    return this.releasedTo;
  }

  /** Everything written so far. */
  get text(): string {
    return this.draft;
  }

  /** A block stopped the answer: nothing more is released; call `end()` for the report. */
  get blocked(): boolean {
    return this.stopped !== null;
  }

  /**
   * Appends streamed text. Cheap: when the text may have begun a new unit, the units completed before it
   * are verified in the background (one pass at a time), while more text streams in.
   * @throws FirewallError after `end()` or `abort()`. Text written after a block is ignored.
   * @throws DraftError (at `end()`) when the answer grows past `maxDraftChars`.
   */
  write(text: string): void {
    if (this.aborted)
      throw new FirewallError(
        "This progressive verification was aborted (abort() or its signal): nothing was stored; start another with session.progressive().",
      );
    if (this.ended) throw new FirewallError("This progressive verification has ended: start another with session.progressive().");
    if (this.stopped || typeof text !== "string" || text === "") return;
    if (this.draft === "") this.prepare();
    this.draft += text;
    if (this.draft.length > this.maxDraftChars || !/\S/.test(text)) return;
    const tail = this.draft.slice(Math.max(0, this.looked - 8));
    if (BOUNDARY.test(tail) || SENTENCE_END_TAIL.test(tail)) this.schedule();
  }

  /** Resolves once every pass scheduled so far has run (releases made, or a block found). */
  async settled(): Promise<void> {
    await this.pass;
  }

  /**
   * Ends the answer: verifies the last unit, stores the report, and releases the rest of the policy's text
   * (or nothing more, when the answer is blocked).
   * @throws DraftError, StoreError, LedgerTampered or a tier's error, as `verify` does; the text released
   *   before the failure stays released.
   */
  async end(): Promise<ProgressiveResult> {
    if (this.aborted) throw new FirewallError("This progressive verification was aborted: nothing was stored.");
    if (this.ended) throw new FirewallError("end() was already called on this progressive verification.");
    this.ended = true;
    await this.pass;
    try {
      if (this.failure) throw this.failure;
      if (this.stopped) return this.result(this.stopped.report, true);
      if (this.draft.length > this.maxDraftChars) {
        throw new DraftError(
          `The streamed answer is ${this.draft.length} characters, over the ${this.maxDraftChars}-character limit: verify it in parts or raise maxDraftChars.`,
        );
      }
      const answer = await this.begin();
      const draft = this.draft;
      const report = await this.tel.within(async () => {
        // From the last restart point, the rest reads as the whole draft would (a fragment there is not the
        // whole answer: text precedes it).
        await answer.verification.extract(draft, this.restartAt > 0, this.restartAt);
        await answer.verification.verifyThrough(draft);
        this.session.ledger.trimMemos();
        return this.session.finishAnswer(answer, draft);
      });
      if (report.decision !== "block" && this.blockPending)
        this.session.warn(
          `${report.sessionId}: a block found before the end did not hold for the whole answer; ${report.responseId} was not released past it.`,
        );
      if (report.decision !== "block" && report.output !== null && !this.blockPending) {
        this.releasedTo = draft.length;
        this.release(report.output, report.claims, report.verdicts);
      }
      return this.result(this.tel.end(report), report.decision === "block");
    } catch (error) {
      throw this.tel.fail(error);
    }
  }

  /** Abandons the answer: pending verification is cancelled, nothing more is released, nothing is stored. */
  abort(): void {
    if (this.aborted || this.ended) return;
    this.aborted = true;
    this.controller.abort();
    this.session.ledger.trimMemos();
    this.tel.fail(new FirewallError("The stream was aborted before its answer was verified."));
  }

  private result(report: Report, blocked: boolean): ProgressiveResult {
    return { report, released: this.releasedText, blocked, draftChars: report.draft.length };
  }

  private begin(): Promise<AnswerRun> {
    if (!this.answer) {
      const signal = this.overrides.signal ? AbortSignal.any([this.overrides.signal, this.controller.signal]) : this.controller.signal;
      // Citation markers go on supported claims only when some claim of the whole answer is flagged: a
      // stream cannot know that before its end, so a progressive answer carries no markers.
      this.answer = this.session.beginAnswer({ ...this.overrides, cite: false, signal, onProgress: undefined }, this.tel, 0);
    }
    return this.answer;
  }

  /**
   * On the first text: loads the session, indexes its evidence and prepares the tiers while the first unit
   * streams in, so the first unit's verification does not pay for it.
   */
  private prepare(): void {
    this.pass = this.pass.then(async () => {
      try {
        await this.begin();
        if (!this.aborted) this.session.prepareTiers();
      } catch (error) {
        if (!this.aborted) this.failure = error;
      }
    });
  }

  private schedule(): void {
    if (this.passQueued) return;
    this.passQueued = true;
    this.pass = this.pass.then(async () => {
      this.passQueued = false;
      if (this.aborted || this.stopped || this.failure || this.blockPending) return;
      try {
        await this.tel.within(() => this.runPass());
      } catch (error) {
        if (!this.aborted) this.failure = error;
      }
    });
  }

  /** Verifies the units completed in the draft as it is now, and releases or blocks. */
  private async runPass(): Promise<void> {
    const draft = this.draft;
    this.looked = draft.length;
    if (draft.length > this.maxDraftChars) return;
    const answer = await this.begin();
    const { verification } = answer;
    if (this.settledTo > this.restartAt && isRestartPoint(draft, this.settledTo)) this.restartAt = this.settledTo;
    await verification.extract(draft, true, this.restartAt);
    if (this.aborted) return;
    // The last claim's unit may still grow: units before it are complete.
    const count = verification.count;
    if (count === 0) return;
    const lastStart = verification.claimAt(count - 1).unit?.[0] ?? 0;
    let complete = count;
    let boundary = lastStart;
    while (complete > 0 && (verification.claimAt(complete - 1).unit?.[0] ?? 0) >= lastStart) {
      boundary = Math.min(boundary, verification.claimAt(complete - 1).span[0]);
      complete--;
    }
    boundary = lineLead(draft, boundary);
    if (boundary > this.settledTo && complete > 0) {
      await this.settle(answer, draft, boundary, complete);
      if (this.aborted || this.stopped) return;
    }
    if (SENTENCE_END_TAIL.test(draft) && verification.verified < count) {
      await verification.verifyThrough(draft, count);
    }
  }

  /** Decides the units before `boundary` (claims `[0, complete)`): releases their text, holds it, or blocks. */
  private async settle(answer: AnswerRun, draft: string, boundary: number, complete: number): Promise<void> {
    const { verification } = answer;
    // Memos are trimmed once, at the end, as a whole-answer verify trims them once per batch.
    await verification.verifyThrough(draft, complete);
    if (this.aborted) return;
    const decision = this.session.decidePrefix(answer, draft.slice(0, boundary), complete);
    this.settledTo = boundary;
    if (decision.kind === "release") {
      this.releasedTo = draft.slice(0, boundary).trimEnd().length;
      const { claims, verdicts } = verification.report(complete);
      this.release(decision.text.trimEnd(), claims, verdicts);
    } else if (decision.kind === "block" && this.handlers.blockAtEnd) {
      this.blockPending = true;
    } else if (decision.kind === "block") {
      // The answer ends at the blocking unit: its report is that of the draft read so far, through that unit.
      const upTo = draft.slice(0, boundary).trimEnd();
      await verification.extract(upTo, false);
      await verification.verifyThrough(upTo);
      const report = this.tel.end(await this.session.finishAnswer(answer, upTo));
      this.stopped = { report };
      this.handlers.onBlock?.(report);
    }
  }

  /**
   * Releases what `text` (the policy's text for a longer prefix, through `releasedTo`) adds to what was
   * released, with the claims (of `claims`, verdicts alike) that start in the draft range it stands for.
   */
  private release(text: string, claims: Claim[], verdicts: ClaimVerdict[]): void {
    if (this.aborted) return;
    if (!text.startsWith(this.releasedText)) {
      this.session.warn(
        `${this.session.id}: a progressive release did not extend the text released before it; the rest of the answer is released from where the two agree.`,
      );
    }
    const added = text.startsWith(this.releasedText) ? text.slice(this.releasedText.length) : text.slice(commonPrefix(text, this.releasedText));
    if (added === "") return;
    this.releasedText += added;
    const draft: [number, number] = [this.reportedTo, Math.max(this.reportedTo, this.releasedTo)];
    this.reportedTo = draft[1];
    const inRange = claims.filter((claim) => claim.span[0] >= draft[0] && claim.span[0] < draft[1]);
    const ids = new Set(inRange.map((claim) => claim.id));
    this.handlers.onRelease?.(added, { draft, claims: inRange, verdicts: verdicts.filter((v) => ids.has(v.claimId)) });
  }
}

/**
 * The start of the unit at `at` with what leads it on its line: a table row's pipe, a bullet, a task box,
 * emphasis marks, when
 * nothing else precedes it there (a rewrite may remove the whole line).
 */
function lineLead(draft: string, at: number): number {
  const lineStart = draft.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*(?:\|[ \t]*)?(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(?:\[[ xX]\][ \t]+)?[*_`~]*$/.test(draft.slice(lineStart, at)) ? lineStart : at;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
