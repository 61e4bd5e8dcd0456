/**
 * Dense passage index of one session: each chunk is embedded in the background as it is recorded (recording
 * never waits for a model), and a query is answered by cosine similarity over the unit vectors. Retrieval
 * merges this ranking with BM25's by reciprocal rank fusion (see `rrf.ts`).
 */
import type { ScoredOrd } from "./bm25-index.js";

/** Turns texts into unit-length vectors (the tier-1 model backend does, in its worker thread). */
export interface Embedder {
  embed(texts: string[]): Promise<number[][]>;
}

export interface DenseIndexOptions {
  /** Chunks per embedding call (default 32). */
  batchSize?: number;
  /** Told once when embedding fails; retrieval is then BM25 only for this index. */
  warn?: (message: string) => void;
}

export class DenseIndex {
  private vectors = new Float32Array(0);
  private dims = 0;
  /** Chunk positions (`ord`) of the stored vectors, in storage order. */
  private readonly ords: number[] = [];
  private pending: Array<{ ord: number; text: string }> = [];
  private running: Promise<void> | null = null;
  private failed: Error | null = null;
  private readonly batchSize: number;

  constructor(
    private readonly embedder: Embedder,
    private readonly options: DenseIndexOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 32;
  }

  /** Chunks embedded so far. */
  get size(): number {
    return this.ords.length;
  }

  /** Why embedding stopped, or null. */
  get error(): Error | null {
    return this.failed;
  }

  /** Queues a chunk; embedding starts on a later turn of the event loop and is never awaited here. */
  add(ord: number, text: string): void {
    if (this.failed) return;
    this.pending.push({ ord, text });
    if (!this.running) this.running = new Promise<void>((done) => setImmediate(done)).then(() => this.pump());
  }

  private async pump(): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.failed) {
        const batch = this.pending.splice(0, this.batchSize);
        let vectors: number[][];
        try {
          vectors = await this.embedder.embed(batch.map((b) => b.text));
        } catch (error) {
          this.fail(error);
          return;
        }
        batch.forEach((b, i) => this.store(b.ord, vectors[i]!));
      }
    } finally {
      this.running = null;
    }
  }

  private fail(error: unknown): void {
    this.failed = error instanceof Error ? error : new Error(String(error));
    this.pending = [];
    this.options.warn?.(`dense retrieval is off for this session, BM25 only: ${this.failed.message}`);
  }

  private store(ord: number, vector: number[]): void {
    if (this.dims === 0) this.dims = vector.length;
    if (vector.length !== this.dims) {
      this.fail(new Error(`the embedding model returned ${vector.length} dimensions after ${this.dims}`));
      return;
    }
    const need = (this.ords.length + 1) * this.dims;
    if (need > this.vectors.length) {
      const grown = new Float32Array(Math.max(need, this.vectors.length * 2));
      grown.set(this.vectors);
      this.vectors = grown;
    }
    this.vectors.set(vector, this.ords.length * this.dims);
    this.ords.push(ord);
  }

  /** Resolves when every chunk queued so far is embedded (or embedding has failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Waits for queued chunks, embeds the queries in one call, and ranks the chunks by cosine similarity.
   * @returns per query, chunk positions with their similarities (-1..1), best first; null when dense
   *   retrieval is unavailable (no embedding model, or it failed): the caller then uses BM25 alone.
   */
  async searchMany(queries: string[], limit: number): Promise<ScoredOrd[][] | null> {
    await this.idle();
    if (this.failed) return null;
    if (this.ords.length === 0 || queries.length === 0) return queries.map(() => []);
    let qs: number[][];
    try {
      qs = await this.embedder.embed(queries);
    } catch (error) {
      this.fail(error);
      return null;
    }
    const n = this.ords.length;
    const d = this.dims;
    const v = this.vectors;
    return qs.map((q) => {
      const scores = new Float32Array(n);
      for (let i = 0; i < n; i++) {
        let s = 0;
        const base = i * d;
        for (let j = 0; j < d; j++) s += v[base + j]! * q[j]!;
        scores[i] = s;
      }
      const top: ScoredOrd[] = [];
      for (let i = 0; i < n; i++) {
        const s = scores[i]!;
        if (top.length < limit) {
          top.push({ ord: this.ords[i]!, score: s });
          if (top.length === limit) top.sort((a, b) => b.score - a.score);
        } else if (s > top[limit - 1]!.score) {
          top[limit - 1] = { ord: this.ords[i]!, score: s };
          for (let k = limit - 1; k > 0 && top[k]!.score > top[k - 1]!.score; k--) [top[k - 1], top[k]] = [top[k]!, top[k - 1]!];
        }
      }
      return top.length < limit ? top.sort((a, b) => b.score - a.score) : top;
    });
  }
}
