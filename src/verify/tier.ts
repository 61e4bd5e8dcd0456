/**
 * The seam every verification tier implements: given claims and their passages, decide some and pass the
 * rest on. The pipeline runs enabled tiers cheapest first and gives each only what earlier tiers passed on.
 */
import type { ExtractedClaim } from "../claims/types.js";
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { LlmMeter } from "../llm/usage.js";
import type { FigureOutcome } from "./figure-pieces.js";
import type { Claim, Correction, EvidenceQuote, Passage, VerdictLabel } from "../schema.js";

/** One claim as a tier sees it. */
export interface TierItem {
  claim: Claim;
  /** The extractor's view: text with a map back to draft offsets (for corrections). */
  extracted: ExtractedClaim;
  /** Retrieved passages, best first. */
  passages: Passage[];
  /**
   * The part of `extracted.text` this item asserts, `[start, end)`, when the claim is one figure's piece of a
   * clause (see `figure-pieces.ts`): the rest of the text is context (whose figures, which period), and its
   * figures are neither checked nor cited here.
   */
  focus?: [number, number];
  /** What earlier tiers found without deciding (e.g. tier 0: every figure matched these quotes). */
  hints: TierHints;
  /**
   * The verdict an earlier tier gave, when this tier reviews a decided claim (see {@link Tier.review}). The
   * claim keeps it unless this tier decides.
   */
  prior?: PriorVerdict;
}

/** An earlier tier's decision on a claim under review. */
export interface PriorVerdict {
  verdict: VerdictLabel;
  /** 0..1 */
  confidence: number;
  tier: number;
  name: string;
}

export interface TierHints {
  /** Quotes of evidence values that matched the claim's figures, dates or names. */
  matchedQuotes: EvidenceQuote[];
  /** The matched quotes of figures, dates and versions only (a name's line says whose, not what). */
  valueQuotes?: EvidenceQuote[];
  /** The claim's figures, dates and names all matched evidence in a passage about the same subject. */
  figuresMatched: boolean;
  /** ...and at least one of them under a key of structured output (JSON field, "Key: value" line). */
  figuresKeyed: boolean;
  /** The claim holds at least one figure, date or name that tier 0 checked. */
  hasFigures: boolean;
  /** How many figures, dates and names tier 0 checked when every one of them agreed; 0 otherwise. */
  figuresAgreeing?: number;
  /** How many of those are figures, dates or versions (not names) read from structured output (fields, rows). */
  valuesAgreeing?: number;
  /** Every figure, date and version tier 0 matched, it matched as a derived value (a column's sum, a mean): none has a line of its own. */
  figuresDerived?: boolean;
  /**
   * A figure, date or version of the claim that tier 0 found no agreeing value for, while values of its kind
   * differ from it: the words around it cannot support the claim, since the figure is what it asserts.
   */
  figuresUnsettled?: boolean;
  /** Passages tier 0 found relevant (where matching values sit), to score before the retrieved ones. */
  focus: Passage[];
  /**
   * A boolean or status field of the claim's entity agrees with the claim's polarity ("doesn't auto-renew"
   * against `autoRenewal: N`): a negation the words seem to differ in is already read, typed.
   */
  polaritySettled?: boolean;
  /**
   * Figures tier 0 left unread, as written (a time of day it could neither find nor rule out): their words
   * still need covering by the next tier.
   */
  unread?: string[];
  /** How tier 0 read each figure, date, name and status of the claim (what `figurePieces` cuts by). */
  figureOutcomes?: FigureOutcome[];
}

export interface TierDecision {
  verdict: VerdictLabel;
  /** 0..1 */
  confidence: number;
  quotes: EvidenceQuote[];
  corrections: Correction[];
  note: string;
  /** Index in `report.llm.calls` of the model call behind this decision (model-backed tiers). */
  llmCall?: number;
}

export interface TierPass {
  pass: true;
  note: string;
  /**
   * The tier tried and failed on this claim (timeout, provider error, invalid output): the trace records an
   * `error`, the claim keeps the earlier verdict, and a block policy fails closed.
   */
  failed?: boolean;
  llmCall?: number;
}

export type TierOutcome = TierDecision | TierPass;

export interface TierContext {
  ledger: EvidenceLedger;
  /** The draft being verified (claim spans index into it). */
  draft: string;
  /** Per-call abort signal, when the caller gave one. */
  signal?: AbortSignal;
  /** Collects model calls, tokens and cost for `report.llm` (model-backed tiers add to it). */
  llm?: LlmMeter;
}

export interface Tier {
  /** 0 = exact checks, 1 = entailment (lexical default or NLI model), 2 = LLM judge. */
  readonly tier: number;
  readonly name: string;
  /** Model the tier runs (an NLI model, an LLM judge), reported as `gen_ai.request.model` on its span; null until known. */
  readonly model?: string | null;
  /** The tier's decision thresholds by name (0..1 unless the name says otherwise), reported on its span. */
  readonly thresholds?: Readonly<Record<string, number>>;
  /**
   * Claims an earlier tier already decided that this tier should see again (e.g. the LLM judge reviews
   * low-confidence verdicts). Such a claim reaches `run` with `item.prior` set and keeps that verdict unless
   * this tier decides. Without `review` a tier sees only the claims earlier tiers passed on.
   */
  review?(prior: PriorVerdict, item: TierItem): boolean;
  /**
   * Builds what the tier reads of the whole ledger (indexes, per-record tables) ahead of the first claim,
   * e.g. while a streamed answer's first sentence is still arriving. Optional; the tier builds the same on
   * demand without it.
   */
  prepare?(ledger: EvidenceLedger): void;
  /**
   * @returns one outcome per item, in order.
   * @throws anything: the pipeline catches it, notes it in each claim's trace, and passes the claims on.
   */
  run(items: TierItem[], context: TierContext): Promise<TierOutcome[]> | TierOutcome[];
}

export function isPass(outcome: TierOutcome): outcome is TierPass {
  return (outcome as TierPass).pass === true;
}

export function emptyHints(): TierHints {
  return { matchedQuotes: [], figuresMatched: false, figuresKeyed: false, hasFigures: false, focus: [] };
}
