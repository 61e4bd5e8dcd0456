/**
 * The verification of one answer's draft: its claims, their verdicts (a claim that repeats an earlier one
 * takes its verdict; a flagged clause may be split into pieces) and the report's claim list. A whole-answer
 * `verify` extracts once and verifies every claim; a progressive verify (`ProgressiveVerification`) extracts
 * each longer prefix of a streaming answer and verifies the claims of each unit as it completes. Because a
 * claim is read only up to the end of its unit (`ExtractedClaim.unit`), both give every claim the same
 * verdict.
 */
import type { ClaimExtractor, ExtractedClaim } from "../claims/types.js";
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import type { LlmMeter } from "../llm/usage.js";
import type { Claim, ClaimVerdict } from "../schema.js";
import type { VerifyTelemetry } from "../telemetry/verify-telemetry.js";
import { calibrate, type CalibrationTable } from "./calibration.js";
import { claimKey, inBatches, repeatVerdict } from "./claim-batches.js";
import { runTiers } from "./pipeline.js";
import { type ClaimWithVerdict, verifyPieces, withPieces } from "./piece-claims.js";
import { emptyHints, type Tier, type TierItem } from "./tier.js";

/** Claim kinds a tier can settle; the others are `not_checkable` by the extractor's call. */
const CHECKABLE = new Set(["factual", "hedge"]);

/** What one draft's verification needs from its session. */
export interface DraftVerificationDeps {
  responseId: string;
  extractor: ClaimExtractor;
  /** The tiers as run (telemetry wraps each in its span). */
  tiers: Tier[];
  /**
   * Every tier's verdict on a claim depends on that claim alone (judged on the tiers as configured, before
   * telemetry wraps them): a repeat takes its verdict, and a long draft is verified in bounded batches.
   */
  perClaim: boolean;
  ledger: EvidenceLedger;
  topK: number;
  calibration: CalibrationTable | null;
  tel: VerifyTelemetry;
  llm: LlmMeter;
  signal?: AbortSignal;
  /** Told `(done, total)` after extraction and after each batch (see `VerifyOverrides.onProgress`). */
  onProgress?: (done: number, total: number) => void;
}

/** The claims and verdicts of a draft as a report lists them (split clauses replaced by their pieces). */
export interface VerifiedClaims {
  claims: Claim[];
  verdicts: ClaimVerdict[];
}

/** One answer's claims and verdicts, built up as its draft is extracted and verified. */
export class DraftVerification {
  private claims: Claim[] = [];
  private extracted: ExtractedClaim[] = [];
  /** Verdict per claim index, once verified (or ruled not checkable). */
  private readonly verdicts: ClaimVerdict[] = [];
  /** Per claim id, the pieces that replace it in the report. */
  private readonly pieces = new Map<string, ClaimWithVerdict[]>();
  /** Per {@link claimKey}, the first claim with that key (with per-claim tiers only). */
  private readonly firstByKey = new Map<string, number>();

  constructor(private readonly deps: DraftVerificationDeps) {}

  /** Claims extracted so far. */
  get count(): number {
    return this.claims.length;
  }

  /** Claims whose verdict is known: claims `[0, verified)`. */
  get verified(): number {
    return this.verdicts.length;
  }

  /** The extracted claim `i` (its unit tells where its sentence ends). */
  claimAt(i: number): ExtractedClaim {
    return this.extracted[i]!;
  }

  /**
   * Extracts the claims of `draft`. A longer prefix of the same answer keeps the claims (and verdicts) it
   * shares with the last extraction, from the first claim on; from the first claim that differs, claims
   * are replaced and their verdicts dropped.
   * @param more `draft` is a prefix of an answer still streaming in.
   * @param from a restart point (see `restart-point.ts`): the claims before it are kept as they are and only
   *   `draft.slice(from)` is read, its claims moved to draft offsets.
   * @returns the index of the first claim that changed (the old count when none did).
   */
  async extract(draft: string, more: boolean, from = 0): Promise<number> {
    const { extractor, tel, llm, signal } = this.deps;
    const context = { llm, signal, ...(more ? { more } : {}) };
    const extracted =
      from > 0
        ? [
            ...this.extracted.filter((c) => c.span[1] <= from),
            ...(await tel.extract(extractor, () => extractor.extract(draft.slice(from), context))).map((c) => shifted(c, from)),
          ]
        : await tel.extract(extractor, () => extractor.extract(draft, context));
    let same = 0;
    while (same < this.extracted.length && same < extracted.length && sameClaim(this.extracted[same]!, extracted[same]!)) same++;
    if (same < this.verdicts.length) this.forget(same);
    this.extracted = extracted;
    this.claims = extracted.map((e, i) => ({ id: `${this.deps.responseId}.c${i + 1}`, text: e.text, kind: e.kind, span: e.span, citations: e.citations }));
    return same;
  }

  /**
   * Verifies claims `[verified, end)` against the ledger, reading `draft` (the draft they were extracted
   * from, or a longer prefix of it).
   */
  async verifyThrough(draft: string, end = this.claims.length): Promise<void> {
    const { deps } = this;
    const from = this.verdicts.length;
    if (end <= from && from > 0) return;
    const perClaim = deps.perClaim;
    const todo: number[] = [];
    const repeats = new Map<number, number[]>();
    const decided = new Map<number, ClaimVerdict>();
    const repeatOf = new Map<number, number>();
    let done = from;
    for (let i = from; i < end; i++) {
      if (!CHECKABLE.has(this.claims[i]!.kind)) {
        decided.set(i, this.notCheckable(this.claims[i]!));
        done++;
        continue;
      }
      if (!perClaim) {
        todo.push(i);
        continue;
      }
      const key = claimKey(this.claims[i]!, this.extracted[i]!, draft);
      const first = this.firstByKey.get(key);
      if (first === undefined) {
        this.firstByKey.set(key, i);
        todo.push(i);
      } else if (first < from) {
        repeatOf.set(i, first);
      } else {
        const list = repeats.get(first);
        if (list) list.push(i);
        else repeats.set(first, [i]);
      }
    }
    deps.onProgress?.(done + repeatOf.size, end);
    done += repeatOf.size;
    for (const batch of perClaim ? inBatches(todo) : [todo]) {
      const items: TierItem[] = batch.map((i) => ({ claim: this.claims[i]!, extracted: this.extracted[i]!, passages: [], hints: emptyHints() }));
      const retrieved = await deps.tel.retrieve(deps.topK, () =>
        deps.ledger.retrieveMany(
          items.map((it) => it.claim.text),
          deps.topK,
        ),
      );
      items.forEach((it, k) => (it.passages = retrieved[k]!));
      const context = { ledger: deps.ledger, draft, signal: deps.signal, llm: deps.llm };
      const verdicts = await runTiers(deps.tiers, items, context, deps.calibration);
      const split = await verifyPieces(items, verdicts, deps.tiers, context, deps.calibration);
      for (const [k, list] of split) this.pieces.set(items[k]!.claim.id, list);
      batch.forEach((first, k) => {
        decided.set(first, verdicts[k]!);
        for (const i of repeats.get(first) ?? []) repeatOf.set(i, first);
        done += 1 + (repeats.get(first)?.length ?? 0);
      });
      // Derived per-passage data stays cached for a batch's working set, bounded between batches and verifies.
      deps.ledger.trimMemos();
      if (batch.length > 0) deps.onProgress?.(done, end);
    }
    for (const [i, first] of repeatOf) {
      const earlier = decided.get(first) ?? this.verdicts[first]!;
      const shift = this.claims[i]!.span[0] - this.claims[first]!.span[0];
      decided.set(i, repeatVerdict(earlier, this.claims[i]!.id, shift));
      const pieces = this.pieces.get(this.claims[first]!.id);
      if (pieces) this.pieces.set(this.claims[i]!.id, shiftedPieces(pieces, this.claims[i]!.id, shift));
    }
    for (let i = from; i < end; i++) this.verdicts.push(decided.get(i)!);
  }

  /**
   * The report's claims and verdicts for claims `[0, end)` (all verified), split clauses replaced by their
   * pieces and numbered in draft order.
   */
  report(end = this.verdicts.length): VerifiedClaims {
    return withPieces(this.claims.slice(0, end), this.verdicts.slice(0, end), this.pieces, this.deps.responseId);
  }

  private notCheckable(claim: Claim): ClaimVerdict {
    return {
      claimId: claim.id,
      verdict: "not_checkable",
      // The extractor's call (greeting, question, opinion) is a decision like a tier's: calibrated the same way.
      confidence: calibrate(this.deps.calibration, "extractor", "not_checkable", 1),
      tier: -1,
      quotes: [],
      corrections: [],
      trace: [{ tier: -1, name: "extractor", outcome: "not_checkable", confidence: 1, note: `${claim.kind} claim: nothing a tool output could settle`, ms: 0 }],
    };
  }

  /** Drops the verdicts of claims `[from, ...)`, with their pieces and repeat keys. */
  private forget(from: number): void {
    for (let i = from; i < this.verdicts.length; i++) this.pieces.delete(this.claims[i]!.id);
    for (const [key, first] of this.firstByKey) if (first >= from) this.firstByKey.delete(key);
    this.verdicts.length = from;
  }
}

/** Two extractions gave the same claim: same text, kind, span, unit, citations and map. */
function sameClaim(a: ExtractedClaim, b: ExtractedClaim): boolean {
  if (a.text !== b.text || a.kind !== b.kind || a.span[0] !== b.span[0] || a.span[1] !== b.span[1]) return false;
  if (a.unit?.[0] !== b.unit?.[0] || a.unit?.[1] !== b.unit?.[1]) return false;
  if (a.citations.length !== b.citations.length || a.citations.some((c, k) => c !== b.citations[k])) return false;
  return a.map.length === b.map.length && a.map.every((m, k) => m === b.map[k]);
}

/** A claim extracted from `draft.slice(from)`, with its offsets in the draft. */
function shifted(claim: ExtractedClaim, from: number): ExtractedClaim {
  return {
    ...claim,
    span: [claim.span[0] + from, claim.span[1] + from],
    map: claim.map.map((at) => (at < 0 ? at : at + from)),
    ...(claim.unit ? { unit: [claim.unit[0] + from, claim.unit[1] + from] as [number, number] } : {}),
  };
}

/** The pieces of a repeated clause, for its repeat `shift` characters later, under the repeat's id. */
function shiftedPieces(pieces: ClaimWithVerdict[], claimId: string, shift: number): ClaimWithVerdict[] {
  return pieces.map((p, j) => {
    const id = `${claimId}.${j + 1}`;
    return {
      claim: { ...p.claim, id, span: [p.claim.span[0] + shift, p.claim.span[1] + shift] },
      verdict: repeatVerdict(p.verdict, id, shift),
    };
  });
}
