/**
 * Runs the enabled tiers cheapest first. Each tier sees the claims earlier tiers passed on, plus any decided
 * claims it asks to review (the LLM judge re-reads low-confidence verdicts). A tier that throws, or fails on
 * a claim, leaves an `error` trace: undecided claims go on to the next tier, reviewed claims keep their
 * earlier verdict (DESIGN.md: failure is explicit).
 */
import type { ClaimVerdict, TierTrace } from "../schema.js";
import { calibrate, type CalibrationTable } from "./calibration.js";
import { CALIBRATION_TABLE } from "./calibration-table.js";
import { isPass, type PriorVerdict, type Tier, type TierContext, type TierItem } from "./tier.js";

/** Raw confidence of the pipeline's own `unsupported` when no tier settled a claim. */
const UNSETTLED_RAW = 0.5;

/**
 * Confidences: each tier's decision carries its raw score, kept as is in the claim's trace
 * (`TierTrace.confidence`); the verdict's `confidence` is that score calibrated by `calibration` into the
 * probability that the verdict is right (see `calibration.ts`). A reviewing tier (the LLM judge) sees the
 * calibrated value as `prior.confidence`.
 *
 * @param calibration the table mapping (deciding tier, verdict, raw confidence) to a probability (default:
 *   the table fitted on the dev data); `null` keeps raw confidences.
 * @returns one verdict per item, in input order. Claims no tier decided are `unsupported` (raw confidence
 *   0.5, calibrated as the `pipeline` tier's) with a trace note saying no tier could settle them.
 */
export async function runTiers(
  tiers: Tier[],
  items: TierItem[],
  context: TierContext,
  calibration: CalibrationTable | null = CALIBRATION_TABLE,
): Promise<ClaimVerdict[]> {
  const traces = new Map<TierItem, TierTrace[]>(items.map((it) => [it, []]));
  const decided = new Map<TierItem, ClaimVerdict>();
  const deciderName = new Map<TierItem, string>();
  let pending = new Set(items);
  for (const tier of [...tiers].sort((a, b) => a.tier - b.tier)) {
    const reviewed = new Set<TierItem>();
    if (tier.review) {
      for (const it of items) {
        const d = decided.get(it);
        if (!d) continue;
        const prior: PriorVerdict = { verdict: d.verdict, confidence: d.confidence, tier: d.tier, name: deciderName.get(it)! };
        if (tier.review(prior, it)) {
          it.prior = prior;
          reviewed.add(it);
        }
      }
    }
    const batch = items.filter((it) => pending.has(it) || reviewed.has(it));
    if (batch.length === 0) continue;
    const keeps = (it: TierItem) => (reviewed.has(it) ? `; keeps tier ${it.prior!.tier} (${it.prior!.name}) verdict ${it.prior!.verdict}` : "");
    const t0 = performance.now();
    let outcomes;
    try {
      outcomes = await tier.run(batch, context);
      if (outcomes.length !== batch.length) throw new Error(`returned ${outcomes.length} outcomes for ${batch.length} claims`);
    } catch (error) {
      const ms = performance.now() - t0;
      for (const it of batch) {
        traces
          .get(it)!
          .push({ tier: tier.tier, name: tier.name, outcome: "error", confidence: null, note: `tier failed: ${(error as Error).message}${keeps(it)}`, ms });
        delete it.prior;
      }
      continue;
    }
    const ms = (performance.now() - t0) / batch.length;
    const next = new Set<TierItem>();
    batch.forEach((it, i) => {
      const out = outcomes[i]!;
      const trace = traces.get(it)!;
      const llm = out.llmCall === undefined ? {} : { llmCall: out.llmCall };
      if (isPass(out)) {
        trace.push({ tier: tier.tier, name: tier.name, outcome: out.failed ? "error" : "pass", confidence: null, note: `${out.note}${keeps(it)}`, ms, ...llm });
        if (!reviewed.has(it)) next.add(it);
      } else {
        trace.push({ tier: tier.tier, name: tier.name, outcome: out.verdict, confidence: out.confidence, note: out.note, ms, ...llm });
        deciderName.set(it, tier.name);
        decided.set(it, {
          claimId: it.claim.id,
          verdict: out.verdict,
          confidence: calibrate(calibration, tier.name, out.verdict, out.confidence),
          tier: tier.tier,
          quotes: out.quotes,
          corrections: out.corrections,
          trace,
        });
      }
      delete it.prior;
    });
    pending = next;
  }
  return items.map(
    (it) =>
      decided.get(it) ?? {
        claimId: it.claim.id,
        verdict: "unsupported",
        confidence: calibrate(calibration, "pipeline", "unsupported", UNSETTLED_RAW),
        tier: -1,
        quotes: it.hints.matchedQuotes,
        corrections: [],
        trace: [
          ...traces.get(it)!,
          { tier: -1, name: "pipeline", outcome: "unsupported", confidence: UNSETTLED_RAW, note: "no tier could settle this claim", ms: 0 },
        ],
      },
  );
}

/**
 * True when a tier failed on the claim after its verdict was given (or no tier gave one): the verdict stands
 * on less than was asked for, and a block policy fails closed.
 */
export function failedAfterVerdict(verdict: ClaimVerdict): boolean {
  let lastDecision = -1;
  let lastError = -1;
  verdict.trace.forEach((t, i) => {
    if (t.outcome === "error") lastError = i;
    else if (t.outcome !== "pass" && t.tier >= 0) lastDecision = i;
  });
  return lastError > lastDecision;
}
