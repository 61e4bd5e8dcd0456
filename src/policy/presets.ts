/**
 * Policy presets: which verdicts are flagged, what happens to a flagged answer, and when it is blocked.
 */
import { z } from "zod";
import { ActionSchema, StrictnessSchema, type Action, type Strictness } from "../schema.js";

export const PolicySchema = z.object({
  strictness: StrictnessSchema,
  /** What to do with an answer that has flagged claims (unless a block rule fires first). */
  action: ActionSchema,
  /** Flag `contradicted` claims whose confidence is at least this (0..1). */
  flagContradicted: z.number().min(0).max(1),
  /** Flag `unsupported` claims whose confidence is at least this (0..1); above 1 never flags them. */
  flagUnsupported: z.number().min(0).max(1.01),
  /** Block when a flagged contradicted claim has no in-place correction (a negation, a swapped name). */
  blockUncorrectable: z.boolean(),
  /** Block when the grounding score is below this (0..1); 0 never blocks on the score. */
  blockBelowScore: z.number().min(0).max(1),
  /** How a rewrite treats unsupported claims. */
  unsupported: z.enum(["hedge", "remove"]),
  /** Add citation markers `[n]` to supported claims in a rewrite, with a source list. */
  cite: z.boolean(),
});
export type Policy = z.infer<typeof PolicySchema>;
export type PolicyOverrides = Partial<Policy>;

/**
 * | preset   | flags                                  | default action | blocks when                                      |
 * |----------|----------------------------------------|----------------|--------------------------------------------------|
 * | lenient  | contradicted (confidence >= 0.8)       | annotate       | never, unless the action is block                |
 * | balanced | contradicted, unsupported (>= 0.6)     | rewrite        | a contradiction cannot be corrected in place (unsupported claims are hedged, never the reason for a block) |
 * | strict   | contradicted, unsupported (any)        | block          | any claim is flagged                             |
 *
 * Opinion, hedge and question claims are never the reason for a block.
 */
export const PRESETS: Record<Strictness, Policy> = {
  lenient: {
    strictness: "lenient",
    action: "annotate",
    flagContradicted: 0.8,
    flagUnsupported: 1.01,
    blockUncorrectable: false,
    blockBelowScore: 0,
    unsupported: "hedge",
    cite: false,
  },
  balanced: {
    strictness: "balanced",
    action: "rewrite",
    flagContradicted: 0.6,
    flagUnsupported: 0.6,
    blockUncorrectable: true,
    blockBelowScore: 0,
    unsupported: "hedge",
    cite: true,
  },
  strict: {
    strictness: "strict",
    action: "block",
    flagContradicted: 0,
    flagUnsupported: 0,
    blockUncorrectable: true,
    blockBelowScore: 1,
    unsupported: "remove",
    cite: true,
  },
};

/** Preset plus overrides; an explicit `action` keeps the preset's thresholds. */
export function resolvePolicy(strictness: Strictness = "balanced", overrides: PolicyOverrides = {}): Policy {
  const base = PRESETS[strictness];
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as PolicyOverrides;
  return PolicySchema.parse({ ...base, ...defined, strictness });
}

export type { Action };
