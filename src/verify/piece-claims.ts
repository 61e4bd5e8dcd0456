/**
 * One claim per fact where tier 0 read a flagged clause's figures differently: the clause is cut into figure
 * pieces (`figure-pieces.ts`), each piece is verified again by every tier with the whole clause as its
 * context, and the pieces replace the clause in the report. "The best ask is $3,412.55, a one-cent spread"
 * with the ask wrong gives a contradicted "the best ask is $3,412.55" and a supported "a one-cent spread",
 * rather than one contradicted sentence whose right spread is flagged with the wrong ask.
 */
import type { Claim, ClaimVerdict } from "../schema.js";
import type { CalibrationTable } from "./calibration.js";
import { figurePieces, RELATIVE_WORD } from "./figure-pieces.js";
import { runTiers } from "./pipeline.js";
import { emptyHints, type Tier, type TierContext, type TierItem } from "./tier.js";

/** A claim and its verdict, as the report lists them. */
export interface ClaimWithVerdict {
  claim: Claim;
  verdict: ClaimVerdict;
}

/** The pieces of a flagged claim whose figures tier 0 read differently, as items to verify; null to keep it whole. */
export function pieceItems(item: TierItem, verdict: ClaimVerdict): TierItem[] | null {
  if (verdict.verdict !== "contradicted" && verdict.verdict !== "unsupported") return null;
  const outcomes = item.hints.figureOutcomes;
  if (!outcomes || item.focus) return null;
  const { text, map } = item.extracted;
  const pieces = figurePieces(text, outcomes);
  if (!pieces) return null;
  const items: TierItem[] = [];
  for (const [j, [s, e]] of pieces.entries()) {
    // The piece's span in the draft: its first and last characters the draft holds.
    let a = s;
    while (a < e && (map[a] ?? -1) < 0) a++;
    let b = e - 1;
    while (b >= a && (map[b] ?? -1) < 0) b--;
    if (b < a) return null;
    // A relative clause ("which is confirmed") reads with its antecedent, the piece before it.
    const own = text.slice(s, e);
    const before = j > 0 && RELATIVE_WORD.test(own.split(/\s/)[0] ?? "") ? `${text.slice(pieces[j - 1]![0], pieces[j - 1]![1])}, ` : "";
    const claim: Claim = {
      id: `${item.claim.id}.${j + 1}`,
      text: before + own,
      kind: item.claim.kind,
      span: [map[a]!, map[b]! + 1],
      // Citation markers close the clause: they stay on its last piece.
      citations: j === pieces.length - 1 ? item.claim.citations : [],
    };
    items.push({ claim, extracted: item.extracted, focus: [s, e], passages: item.passages, hints: emptyHints() });
  }
  return items;
}

/**
 * Verifies the pieces of every flagged claim that has them, after the claims' own run.
 *
 * @param items the claims as verified, with tier 0's hints.
 * @param verdicts their verdicts, in the same order.
 * @param keepWhole items that must stay whole (e.g. a claim other claims repeat the verdict of).
 * @returns per item index, the pieces and their verdicts that replace it; items absent stay whole. A clause
 *   whose pieces all get its own verdict and no correction stays whole too (nothing to tell apart).
 */
export async function verifyPieces(
  items: readonly TierItem[],
  verdicts: readonly ClaimVerdict[],
  tiers: Tier[],
  context: TierContext,
  calibration: CalibrationTable | null,
  keepWhole: (index: number) => boolean = () => false,
): Promise<Map<number, ClaimWithVerdict[]>> {
  const owners: number[] = [];
  const pieces: TierItem[] = [];
  items.forEach((item, k) => {
    if (keepWhole(k)) return;
    const split = pieceItems(item, verdicts[k]!);
    if (!split) return;
    for (const p of split) {
      owners.push(k);
      pieces.push(p);
    }
  });
  const out = new Map<number, ClaimWithVerdict[]>();
  if (pieces.length === 0) return out;
  const pieceVerdicts = await runTiers(tiers, pieces, context, calibration);
  pieces.forEach((p, i) => {
    const k = owners[i]!;
    const list = out.get(k) ?? out.set(k, []).get(k)!;
    list.push({ claim: p.claim, verdict: pieceVerdicts[i]! });
  });
  for (const [k, list] of out) {
    const whole = verdicts[k]!.verdict;
    if (list.every((x) => x.verdict.verdict === whole && x.verdict.corrections.length === 0)) out.delete(k);
  }
  return out;
}

/**
 * The report's claims and verdicts with each split clause replaced by its pieces, numbered in draft order
 * (`r1.c1`, `r1.c2`, ...).
 *
 * @param pieces per claim id, the pieces that replace it.
 */
export function withPieces(
  claims: readonly Claim[],
  verdicts: readonly ClaimVerdict[],
  pieces: ReadonlyMap<string, ClaimWithVerdict[]>,
  responseId: string,
): { claims: Claim[]; verdicts: ClaimVerdict[] } {
  if (pieces.size === 0) return { claims: [...claims], verdicts: [...verdicts] };
  const pairs = claims.flatMap((claim, i) => pieces.get(claim.id) ?? [{ claim, verdict: verdicts[i]! }]);
  return {
    claims: pairs.map((p, n) => ({ ...p.claim, id: `${responseId}.c${n + 1}` })),
    verdicts: pairs.map((p, n) => ({ ...p.verdict, claimId: `${responseId}.c${n + 1}` })),
  };
}
