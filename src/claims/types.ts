import type { LlmMeter } from "../llm/usage.js";
import type { ClaimKind, Span } from "../schema.js";

/**
 * A claim as an extractor returns it, before the firewall numbers it (`r3.c2`).
 */
export interface ExtractedClaim {
  /** The claim as the verifier and the user read it: markdown, citation markers and list bullets removed, whitespace collapsed. */
  text: string;
  kind: ClaimKind;
  /** Span of the claim in the draft, `[start, end)`, trimmed of surrounding whitespace and bullet markers. */
  span: Span;
  /** Citation markers on the claim, e.g. `["1"]` for `[1]`, in order. */
  citations: string[];
  /**
   * `map[i]` is the draft index of `text[i]`, or -1 for a character that is not in the draft (an inserted
   * space or a synthesised word). Lets tier 0 place a correction on the exact figure in the draft.
   */
  map: number[];
  /**
   * Draft span `[start, end)` of the unit that holds the claim: its sentence, list item, heading or table
   * row (a JSON answer's whole draft). A tier reads the draft only up to the unit's end, so a claim's verdict
   * never depends on what the answer says after it (see `ProgressiveVerification`). Absent: the whole draft.
   */
  unit?: Span;
}

/** What `verify` passes to an extractor besides the draft. */
export interface ExtractContext {
  /** Collects model calls and notes (a fallback to rules) for `report.llm`. */
  llm?: LlmMeter;
  /** The verify call's abort signal, when the caller gave one. */
  signal?: AbortSignal;
  /**
   * The draft is a prefix of an answer still streaming in: more text follows. A rule extractor then never
   * reads a short fragment as the whole answer. Default `false`.
   */
  more?: boolean;
}

/** Splits a draft into atomic claims: rule-based (`createRuleExtractor`) or by a model (`createLlmExtractor`). */
export interface ClaimExtractor {
  readonly name: string;
  extract(draft: string, context?: ExtractContext): Promise<ExtractedClaim[]>;
}
