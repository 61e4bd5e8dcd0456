/**
 * The seam of the derived-values shapes of tier 0 (see `index.ts` for their order): what a shape reads and
 * what it may decide about one figure of a claim.
 */
import type { Quantity } from "../../quantity/types.js";
import type { EvidenceFact } from "../evidence-facts.js";

/** One figure of a claim and what a shape may combine it with. */
export interface DerivedInput {
  /** The claim's figure being checked. */
  figure: Quantity;
  /** Its span in `text`. */
  span: [number, number];
  /** The claim's text. */
  text: string;
  /** The claim's sentence in the draft (the claim itself when it cannot be found there), and the figure's span in it. */
  sentence: { text: string; span: [number, number] };
  /** Evidence quantities of the claim's subject. */
  values: readonly EvidenceFact[];
  /** Evidence dates of the claim's subject. */
  dates: readonly EvidenceFact[];
  /**
   * Every evidence quantity the claim may read (no other item's, no foreign record's), where a shape that only
   * supports looks up operands the subject's ranking left out; `values` when absent.
   */
  readable?: () => readonly EvidenceFact[];
}

/**
 * `match`: the computation the claim announces agrees. `mismatch`: its operands are unambiguous and the
 * figure disagrees; `fact` then holds the computed value (written in the figure's unit and style) and an
 * operand's quote.
 */
export interface DerivedFinding {
  outcome: "match" | "mismatch";
  fact: EvidenceFact;
  note: string;
}

/** A shape of derived value: a name for notes and tests, and its check (null: the shape does not apply). */
export interface DerivedShape {
  name: string;
  check(input: DerivedInput): DerivedFinding | null;
}
