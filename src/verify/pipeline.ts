/**
 * Runs the enabled tiers cheapest first. Each tier sees only the claims earlier tiers passed on; a tier that
 * throws leaves an `error` trace and the claims go on to the next tier (DESIGN.md: failure is explicit).
 */
import type { ClaimVerdict, TierTrace } from "../schema.js";
import { isPass, type Tier, type TierContext, type TierItem } from "./tier.js";

/**
 * @returns one verdict per item, in input order. Claims no tier decided are `unsupported` with confidence
 *   0.5 and a trace note saying no tier could settle them.
 */
export async function runTiers(tiers: Tier[], items: TierItem[], context: TierContext): Promise<ClaimVerdict[]> {
  const traces = new Map<TierItem, TierTrace[]>(items.map((it) => [it, []]));
  const decided = new Map<TierItem, ClaimVerdict>();
  let pending = items;
  for (const tier of [...tiers].sort((a, b) => a.tier - b.tier)) {
    if (pending.length === 0) break;
    const t0 = performance.now();
    let outcomes;
    try {
      outcomes = await tier.run(pending, context);
      if (outcomes.length !== pending.length) throw new Error(`returned ${outcomes.length} outcomes for ${pending.length} claims`);
    } catch (error) {
      const ms = performance.now() - t0;
      for (const it of pending) {
        traces.get(it)!.push({ tier: tier.tier, name: tier.name, outcome: "error", confidence: null, note: `tier failed: ${(error as Error).message}`, ms });
      }
      continue;
    }
    const ms = (performance.now() - t0) / pending.length;
    const next: TierItem[] = [];
    pending.forEach((it, i) => {
      const out = outcomes[i]!;
      const trace = traces.get(it)!;
      if (isPass(out)) {
        trace.push({ tier: tier.tier, name: tier.name, outcome: "pass", confidence: null, note: out.note, ms });
        next.push(it);
        return;
      }
      trace.push({ tier: tier.tier, name: tier.name, outcome: out.verdict, confidence: out.confidence, note: out.note, ms });
      decided.set(it, {
        claimId: it.claim.id,
        verdict: out.verdict,
        confidence: out.confidence,
        tier: tier.tier,
        quotes: out.quotes,
        corrections: out.corrections,
        trace,
      });
    });
    pending = next;
  }
  return items.map(
    (it) =>
      decided.get(it) ?? {
        claimId: it.claim.id,
        verdict: "unsupported",
        confidence: 0.5,
        tier: -1,
        quotes: it.hints.matchedQuotes,
        corrections: [],
        trace: [...traces.get(it)!, { tier: -1, name: "pipeline", outcome: "unsupported", confidence: 0.5, note: "no tier could settle this claim", ms: 0 }],
      },
  );
}
