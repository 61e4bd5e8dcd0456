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
import type { Report } from "../schema.js";
import type { AnswerRun, Session, VerifyOverrides } from "../session.js";
import type { VerifyTelemetry } from "../telemetry/verify-telemetry.js";

/**
 * Text that may have ended a unit and begun the next: a sentence end (or a colon, semicolon, pipe) then
 * space then a character, a line break then a character, or a CJK sentence end then a character. A pass
 * looks for new units only after such text; a unit it misses is verified by the next pass or at the end.
 */
const BOUNDARY = /[.!?:;|]["”'’)\]*_`]*\s+\S|\n\s*\S|[。！？]\S/u;

/** What a progressive verification tells its owner. */
export interface ProgressiveHandlers {
  /** Text that may ship, in order; the concatenation of all calls is the released answer. */
  onRelease?: (text: string) => void;
  /**
   * Called once when a rule that no later text can lift blocks the answer before its end (the block action
   * with a flagged claim, a contradiction without correction under `blockUncorrectable`), with the stored
   * report of the draft through the blocking unit. Nothing more is released; `end()` resolves with the same
   * report. A block decided only at the end (the grounding score) comes from `end()` alone.
   */
  onBlock?: (report: Report) => void;
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
  private releasedText = "";
  /** Draft offset through which the released text covers the draft. */
  private releasedTo = 0;
  private answer: Promise<AnswerRun> | null = null;
  private pass: Promise<void> = Promise.resolve();
  private passQueued = false;
  private failure: unknown = null;
  private stopped: { report: Report } | null = null;
  private ended = false;
  private aborted = false;
  private readonly controller = new AbortController();
  private readonly started = performance.now();

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
    if (this.ended || this.aborted) throw new FirewallError("This progressive verification has ended: start another with session.progressive().");
    if (this.stopped || typeof text !== "string" || text === "") return;
    this.draft += text;
    if (this.draft.length > this.maxDraftChars || !/\S/.test(text)) return;
    if (BOUNDARY.test(this.draft.slice(Math.max(0, this.looked - 8)))) this.schedule();
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
        await answer.verification.extract(draft, false);
        await answer.verification.verifyThrough(draft);
        this.session.ledger.trimMemos();
        return this.session.finishAnswer(answer, draft);
      });
      if (report.decision !== "block" && report.output !== null) {
        this.release(report.output);
        this.releasedTo = draft.length;
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

  private schedule(): void {
    if (this.passQueued) return;
    this.passQueued = true;
    this.pass = this.pass.then(async () => {
      this.passQueued = false;
      if (this.aborted || this.stopped || this.failure) return;
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
    await verification.extract(draft, true);
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
    if (boundary <= this.settledTo || complete === 0) return;
    await verification.verifyThrough(draft, complete);
    this.session.ledger.trimMemos();
    if (this.aborted) return;
    const decision = this.session.decidePrefix(answer, draft.slice(0, boundary), complete);
    this.settledTo = boundary;
    if (decision.kind === "release") {
      this.release(decision.text.trimEnd());
      this.releasedTo = draft.slice(0, boundary).trimEnd().length;
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

  /** Releases what `text` (the policy's text for a longer prefix) adds to what was released. */
  private release(text: string): void {
    if (this.aborted) return;
    if (!text.startsWith(this.releasedText)) {
      this.session.warn(
        `${this.session.id}: a progressive release did not extend the text released before it; the rest of the answer is released from where the two agree.`,
      );
    }
    const added = text.startsWith(this.releasedText) ? text.slice(this.releasedText.length) : text.slice(commonPrefix(text, this.releasedText));
    if (added === "") return;
    this.releasedText += added;
    this.handlers.onRelease?.(added);
  }

  /** Milliseconds since the verification began. */
  get ms(): number {
    return performance.now() - this.started;
  }
}

/**
 * The start of the unit at `at` with what leads it on its line: a bullet, a task box, emphasis marks, when
 * nothing else precedes it there (a rewrite may remove the whole line).
 */
function lineLead(draft: string, at: number): number {
  const lineStart = draft.lastIndexOf("\n", at - 1) + 1;
  return /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?(?:\[[ xX]\][ \t]+)?[*_`~]*$/.test(draft.slice(lineStart, at)) ? lineStart : at;
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}
