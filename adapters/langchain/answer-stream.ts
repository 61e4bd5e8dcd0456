/**
 * The firewall's side of one streamed model response: it takes the response's text as it arrives and says,
 * through its sink, what may go out. `progressive` releases each unit (sentence, list item, table row) as
 * soon as it is verified, while later text goes on arriving; `gate` holds the text until the response ends
 * and releases the gated answer at once. A response that turns out to call tools is abandoned: its held
 * text goes out as the model wrote it.
 */
import type { Logger, ProgressiveVerification, ReleaseInfo, Report, Session, VerifyOverrides } from "../../src/index.js";
import { outcomeOf, type BlockOptions } from "./message-gate.js";
import { fail, type AdapterStats } from "./safety.js";
import { emitUnitVerdict, UNIT_VERDICT_EVENT } from "./verdict-event.js";

/** How the answer's tokens reach `messages` / `streamEvents` consumers. */
export type StreamMode = "progressive" | "gate" | "observe";

/** Text that may go out, and (progressive) what it stands for in the model's answer. */
export interface Piece {
  text: string;
  info?: ReleaseInfo;
}

/** Where an answer stream sends what may go out. Called in order; must not throw. */
export interface PieceSink {
  /** Text that may go out now. */
  release(piece: Piece): void;
  /** A block stopped the answer: read no more of the model's response, then call `end()`. */
  stop(): void;
}

/** How a streamed answer ended, for the middleware to attach and report. */
export type StreamOutcome =
  | { kind: "verified"; report: Report; blocked: boolean }
  /** The firewall failed on the answer; what went out follows `onError`. */
  | { kind: "failed"; error: unknown };

export interface AnswerStreamOptions extends BlockOptions {
  mode: "progressive" | "gate";
  session: Session;
  policy: VerifyOverrides | undefined;
  onError: "pass" | "refuse";
  /**
   * Decide a block only when the response ends (see `ProgressiveHandlers.blockAtEnd`): the model may call a
   * tool after its text, and that step must go on.
   */
  blockAtEnd?: boolean;
  /** Emit the per-unit event after each progressive release. */
  events: boolean;
  runtime: { writer?: unknown } | undefined;
  stats: AdapterStats;
  logger: Logger;
}

/** One streamed model response's verification. Never throws: failures follow `onError`. */
export class AnswerStream {
  /** Set once the response ended as an answer (not when it called tools or had no text). */
  outcome: StreamOutcome | undefined;
  private pv: ProgressiveVerification | undefined;
  private held = "";
  private units = 0;
  private closed = false;
  /** After a failure of its own: the rest of the response goes out as written (`pass`) or not at all. */
  private failure: "pass" | "refuse" | undefined;

  constructor(
    private readonly options: AnswerStreamOptions,
    private readonly sink: PieceSink,
  ) {}

  /**
   * Takes the next text of the response. Does not wait: the units it completes are verified in the
   * background and go to the sink as soon as they are decided, in order.
   */
  write(text: string): void {
    if (this.failure === "pass" && text !== "") {
      this.sink.release({ text });
      return;
    }
    if (this.closed || text === "") return;
    if (this.options.mode === "gate") {
      this.held += text;
      return;
    }
    try {
      if (!this.pv) {
        // Text before any claim (a leading newline) opens nothing: tool-call steps stay cheap.
        if (!/\S/.test(text) && this.held === "") {
          this.held += text;
          return;
        }
        this.pv = this.options.session.progressive(this.options.policy ?? {}, {
          onRelease: (t, info) => this.sink.release({ text: t, info }),
          onBlock: () => this.sink.stop(),
          blockAtEnd: this.options.blockAtEnd === true,
        });
        if (this.held) this.pv.write(this.held);
        this.held = "";
      }
      this.pv.write(text);
    } catch (error) {
      this.failed(error, this.pv ? this.pv.text.slice(this.pv.releasedThrough) : this.held);
    }
  }

  /** The response called tools: it is not an answer. Returns the text not released yet, as written. */
  abandon(): string {
    if (this.closed) return "";
    this.closed = true;
    if (!this.pv) return this.held;
    const rest = this.pv.text.slice(this.pv.releasedThrough);
    this.pv.abort();
    return rest;
  }

  /** The consumer stopped reading or the model failed: nothing is stored. */
  abort(): void {
    if (this.closed) return;
    this.closed = true;
    this.pv?.abort();
  }

  /** The response ended (or a block stopped it): verifies the rest and sends what goes out last (the refusal when blocked). */
  async end(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const { mode, session, policy } = this.options;
    if (mode === "gate") {
      if (this.held.trim() === "") {
        if (this.held) this.sink.release({ text: this.held });
        return;
      }
      let report: Report;
      try {
        report = await session.verify(this.held, policy);
      } catch (error) {
        return this.failed(error, this.held);
      }
      const outcome = outcomeOf(report, { ...this.options, onBlock: "refuse" });
      this.outcome = { kind: "verified", report, blocked: outcome.blocked };
      if (!outcome.blocked || this.options.onBlock !== "throw") this.sink.release({ text: outcome.text });
      return;
    }
    const pv = this.pv;
    if (!pv) {
      if (this.held) this.sink.release({ text: this.held });
      return;
    }
    let result;
    try {
      result = await pv.end();
    } catch (error) {
      return this.failed(error, pv.text.slice(pv.releasedThrough));
    }
    this.outcome = { kind: "verified", report: result.report, blocked: result.blocked };
    if (result.blocked && this.options.onBlock !== "throw") {
      const refusal = outcomeOf(result.report, { ...this.options, onBlock: "refuse" }).text;
      // The units released before the block stay out; the refusal follows them.
      this.sink.release({ text: result.released.trim() === "" ? refusal : `\n\n${refusal}` });
    }
  }

  /** Emits the per-unit event of a progressive piece once its text went out. Never throws. */
  async released(piece: Piece, messageId: string | undefined): Promise<void> {
    if (!piece.info || !this.options.events || !this.pv) return;
    const { draft, claims, verdicts } = piece.info;
    const draftText = this.pv.text.slice(draft[0], draft[1]);
    await emitUnitVerdict(
      this.options.runtime,
      {
        type: UNIT_VERDICT_EVENT,
        sessionId: this.options.session.id,
        messageId,
        index: this.units++,
        text: piece.text,
        draftText,
        draft,
        changed: piece.text.trim() !== draftText.trim(),
        claims,
        verdicts,
      },
      this.options.logger,
    );
  }

  /** The report of a block that `onBlock: "throw"` turns into an error, when the answer was blocked. */
  blockedReport(): Report | undefined {
    return this.outcome?.kind === "verified" && this.outcome.blocked ? this.outcome.report : undefined;
  }

  /** The firewall failed: the rest goes out as written (`onError: "pass"`) or the refusal does. */
  private failed(error: unknown, rest = ""): void {
    fail(this.options.stats, this.options.logger, "the streamed answer was not verified", error);
    if (!this.closed) this.pv?.abort();
    this.closed = true;
    this.failure = this.options.onError;
    this.outcome = { kind: "failed", error };
    if (this.options.onError === "pass") {
      if (rest) this.sink.release({ text: rest });
      return;
    }
    const refusal =
      typeof this.options.refusal === "string" ? this.options.refusal : "I can't give that answer: it could not be verified against the tool results.";
    this.sink.release({ text: this.pv && this.pv.released.trim() !== "" ? `\n\n${refusal}` : refusal });
  }
}
