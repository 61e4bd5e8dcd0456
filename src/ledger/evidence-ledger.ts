/**
 * The evidence ledger of one session: every tool output recorded whole, chunked with spans back into its
 * text, and indexed for BM25+ retrieval.
 */
import type { Chunk, EvidenceRecord, Passage } from "../schema.js";
import { Bm25Index } from "./bm25-index.js";
import { chunkSpans } from "./chunk.js";
import type { DenseIndex } from "./dense-index.js";
import { buildEvidenceRecord, type RecordInput } from "./evidence-record.js";
import { fuseRankings } from "./fused-retrieval.js";

export type { RecordInput };

/** Records built and awaiting their store write whose spans are kept (more are chunked again). */
const MAX_BUILT_SPANS = 1024;

export class EvidenceLedger {
  readonly records: EvidenceRecord[] = [];
  readonly chunks: Chunk[] = [];
  private readonly byCallId = new Map<string, EvidenceRecord>();
  private readonly byId = new Map<string, EvidenceRecord>();
  private readonly chunksByRecord = new Map<string, Chunk[]>();
  private readonly index = new Bm25Index();
  private bytesTotal = 0;
  private readonly memos = new Map<string, Map<string, unknown>>();
  private readonly memoLimits = new Map<string, number>();

  /**
   * @param options.dense a dense index: chunks are embedded in the background as they are recorded, and
   *   `retrieveMany` merges its ranking with BM25's by reciprocal rank fusion.
   */
  constructor(private readonly options: { maxEvidenceBytes?: number; dense?: DenseIndex } = {}) {}

  /** The dense index, when tier 1 embeds this ledger's chunks (see `retrieveMany`). */
  get dense(): DenseIndex | undefined {
    return this.options.dense;
  }

  /** Total evidence text recorded, bytes (UTF-8). */
  get bytes(): number {
    return this.bytesTotal;
  }

  /**
   * Records a tool output. Cost is linear in its size (decode, flatten, chunk, hash); indexing is deferred
   * to the next retrieval.
   * @throws EvidenceError for binary, non-UTF-8, oversized or malformed-JSON-declared-as-JSON content.
   */
  record(input: RecordInput): EvidenceRecord {
    const callId = input.callId ?? null;
    if (callId !== null) {
      const seen = this.byCallId.get(callId);
      if (seen) return seen;
    }
    const { record, spans } = buildEvidenceRecord(input, `e${this.records.length + 1}`, { maxEvidenceBytes: this.options.maxEvidenceBytes });
    this.adopt(record, spans);
    return record;
  }

  /**
   * Builds a record without adopting it, for a store to give it its id (see `Session.record`).
   * @throws EvidenceError as `record` does.
   */
  build(input: RecordInput): Omit<EvidenceRecord, "id"> {
    const { record, spans } = buildEvidenceRecord(input, "", { maxEvidenceBytes: this.options.maxEvidenceBytes });
    // Kept for `restore` of the stored record, so its text is not chunked twice.
    if (this.builtSpans.size >= MAX_BUILT_SPANS) this.builtSpans.clear();
    this.builtSpans.set(record.hash, spans);
    const { id: _none, ...fresh } = record;
    return fresh;
  }

  /** Chunk spans of records built and not yet restored, by text hash. */
  private readonly builtSpans = new Map<string, Array<[number, number]>>();

  /** The record recorded under this tool call id, if any. */
  byCall(callId: string): EvidenceRecord | undefined {
    return this.byCallId.get(callId);
  }

  /** Adds a record that was made elsewhere (e.g. loaded from a store), re-chunking its text. */
  restore(record: EvidenceRecord): void {
    if (this.byId.has(record.id)) return;
    const built = this.builtSpans.get(record.hash);
    if (built) this.builtSpans.delete(record.hash);
    this.adopt(record, built ?? chunkSpans(record.text));
  }

  private adopt(record: EvidenceRecord, spans: Array<[number, number]>): void {
    const own: Chunk[] = [];
    this.chunksByRecord.set(record.id, own);
    for (let i = 0; i < spans.length; i++) {
      const span = spans[i]!;
      const chunk: Chunk = {
        id: `${record.id}.k${i + 1}`,
        evidenceId: record.id,
        source: record.source,
        text: record.text.slice(span[0], span[1]),
        span,
      };
      this.index.add({ ord: this.chunks.length, text: chunk.text });
      this.options.dense?.add(this.chunks.length, chunk.text);
      this.chunks.push(chunk);
      own.push(chunk);
    }
    this.records.push(record);
    this.byId.set(record.id, record);
    if (record.callId !== null) this.byCallId.set(record.callId, record);
    this.bytesTotal += record.bytes;
  }

  /**
   * Per-ledger cache of what tiers derive from a chunk or record (parsed figures, stems...), so each
   * passage is analysed once per session however many claims retrieve it.
   * @param kind cache name, e.g. `facts`; @param key a chunk or record id.
   * @param max keep at most this many entries of this kind between verify calls (default: unbounded).
   *   Entries are never evicted while the tiers check a batch of claims (its working set stays cached
   *   however large); `trimMemos`, called between batches of a long draft's claims and when a verify ends,
   *   drops the least recently used beyond `max`. Derived data can be recomputed; bounding it keeps memory
   *   proportional to the evidence.
   */
  memo<T>(kind: string, key: string, compute: () => T, max = Infinity): T {
    let m = this.memos.get(kind);
    if (!m) this.memos.set(kind, (m = new Map()));
    if (max !== Infinity) this.memoLimits.set(kind, max);
    if (m.has(key)) {
      const hit = m.get(key) as T;
      if (max !== Infinity) {
        m.delete(key);
        m.set(key, hit);
      }
      return hit;
    }
    const value = compute();
    m.set(key, value);
    return value;
  }

  /** A memoised value if there is one, without computing it (and without refreshing its recency). */
  peekMemo<T>(kind: string, key: string): T | undefined {
    return this.memos.get(kind)?.get(key) as T | undefined;
  }

  /** Drops the least recently used memo entries beyond each kind's `max` (see `memo`). */
  trimMemos(): void {
    for (const [kind, max] of this.memoLimits) {
      const m = this.memos.get(kind);
      if (!m) continue;
      for (const key of m.keys()) {
        if (m.size <= max) break;
        m.delete(key);
      }
    }
  }

  /** Chunks of one record, in order. */
  chunksOf(evidenceId: string): Chunk[] {
    return this.chunksByRecord.get(evidenceId) ?? [];
  }

  get(id: string): EvidenceRecord | undefined {
    return this.byId.get(id);
  }

  /** Index any queued chunks now. */
  flush(): void {
    this.index.flush();
  }

  /**
   * BM25+ retrieval.
   * @param query claim text (or its informative words).
   * @param limit passages to return (default 5).
   * @returns passages best first, each with its span in the evidence record's text.
   */
  retrieve(query: string, limit = 5): Passage[] {
    return this.index.search(query, limit).map(({ ord, score }) => ({ ...this.chunks[ord]!, score }));
  }

  /**
   * Retrieval for several claims: BM25+ alone, or, with a dense index, BM25+ and dense rankings merged by
   * reciprocal rank fusion (waits for chunks still being embedded; BM25 alone if embedding failed).
   * @returns per query, passages best first; with fusion, `score` is the fused RRF score.
   */
  async retrieveMany(queries: string[], limit = 5): Promise<Passage[][]> {
    const dense = this.options.dense;
    if (!dense || queries.length === 0) return queries.map((q) => this.retrieve(q, limit));
    return fuseRankings(this, queries, limit, dense);
  }
}
