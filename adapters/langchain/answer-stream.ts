/**
 * The firewall's side of one streamed model response: it takes the response's text as it arrives and says
 * what may go out. `progressive` releases each unit (sentence, list item, table row) once it is verified;
 * `gate` holds the text until the response ends and releases the gated answer at once. A response that
 * turns out to call tools is abandoned: its held text goes out as the model wrote it.
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
  private queue: Piece[] = [];
  private units = 0;
  private closed = false;
  /** After a failure of its own: the rest of the response goes out as written (`pass`) or not at all. */
  private failure: "pass" | "refuse" | undefined;

  constructor(private readonly options: AnswerStreamOptions) {}

  /** A block stopped the answer: read no more of the model's response. */
  get stopped(): boolean {
    return this.pv?.blocked ?? false;
  }

  /** Takes the next text of the response; resolves with what may go out now (progressive: the units it completed). */
  async write(text: string): Promise<Piece[]> {
    if (this.failure === "pass" && text !== "") return [{ text }];
    if (this.closed || text === "") return [];
    if (this.options.mode === "gate") {
      this.held += text;
      return [];
    }
    try {
      if (!this.pv) {
        // Text before any claim (a leading newline) opens nothing: tool-call steps stay cheap.
        if (!/\S/.test(text) && this.held === "") {
          this.held += text;
          return [];
        }
        this.pv = this.options.session.progressive(this.options.policy ?? {}, { onRelease: (t, info) => this.queue.push({ text: t, info }) });
        if (this.held) this.pv.write(this.held);
        this.held = "";
      }
      this.pv.write(text);
      // Waiting here holds the model's stream back while a unit is verified (backpressure), so each unit
      // goes out as soon as it is decided, in order.
      await this.pv.settled();
    } catch (error) {
      return [...this.drain(), ...this.failed(error, this.pv ? this.pv.text.slice(this.pv.releasedThrough) : this.held)];
    }
    return this.drain();
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

  /** The response ended: verifies the rest and resolves with what goes out last (the refusal when blocked). */
  async end(): Promise<Piece[]> {
    if (this.closed) return [];
    this.closed = true;
    const { mode, session, policy } = this.options;
    if (mode === "gate") {
      if (this.held.trim() === "") return this.held ? [{ text: this.held }] : [];
      let report: Report;
      try {
        report = await session.verify(this.held, policy);
      } catch (error) {
        return this.failed(error, this.held);
      }
      const outcome = outcomeOf(report, { ...this.options, onBlock: "refuse" });
      this.outcome = { kind: "verified", report, blocked: outcome.blocked };
      return outcome.blocked && this.options.onBlock === "throw" ? [] : [{ text: outcome.text }];
    }
    const pv = this.pv;
    if (!pv) return this.held ? [{ text: this.held }] : [];
    let result;
    try {
      result = await pv.end();
    } catch (error) {
      return [...this.drain(), ...this.failed(error, pv.text.slice(pv.releasedThrough))];
    }
    const pieces = this.drain();
    this.outcome = { kind: "verified", report: result.report, blocked: result.blocked };
    if (result.blocked && this.options.onBlock !== "throw") {
      const refusal = outcomeOf(result.report, { ...this.options, onBlock: "refuse" }).text;
      // The units released before the block stay out; the refusal follows them.
      pieces.push({ text: result.released.trim() === "" ? refusal : `\n\n${refusal}` });
    }
    return pieces;
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

  private drain(): Piece[] {
    const pieces = this.queue;
    this.queue = [];
    return pieces;
  }

  /** The firewall failed: the rest goes out as written (`onError: "pass"`) or the refusal does. */
  private failed(error: unknown, rest = ""): Piece[] {
    fail(this.options.stats, this.options.logger, "the streamed answer was not verified", error);
    if (!this.closed) this.pv?.abort();
    this.closed = true;
    this.failure = this.options.onError;
    this.outcome = { kind: "failed", error };
    if (this.options.onError === "pass") return rest ? [{ text: rest }] : [];
    const refusal =
      typeof this.options.refusal === "string" ? this.options.refusal : "I can't give that answer: it could not be verified against the tool results.";
    return [{ text: this.pv && this.pv.released.trim() !== "" ? `\n\n${refusal}` : refusal }];
  }
}
