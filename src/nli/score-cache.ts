/**
 * Pair scores of an NLI model, cached in memory (least recently used beyond a bound) and optionally on disk:
 * one append-only JSON-lines file per model in a folder, read once on first use, so a verify that repeats a
 * (passage, claim) pair, in this process or a later one, skips the model.
 */
import { createHash } from "node:crypto";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** Key of one pair: SHA-256 of model id, dtype, premise and hypothesis. */
export function pairKey(modelKey: string, premise: string, hypothesis: string): string {
  return createHash("sha256").update(modelKey).update("\u0000").update(premise).update("\u0000").update(hypothesis).digest("base64url");
}

export interface ScoreCacheStats {
  hits: number;
  misses: number;
  /** Entries read from the disk file. */
  loaded: number;
}

export interface ScoreCacheOptions {
  /** Model id and dtype: scores of another model never mix in. */
  modelKey: string;
  /** Entries kept in memory (default 50,000); 0 keeps none. */
  maxEntries?: number;
  /** Folder of the disk cache; null or undefined: memory only. */
  dir?: string | null;
  /** Told when the disk file cannot be read or written (the cache then keeps working in memory). */
  warn?: (message: string) => void;
}

export class ScoreCache {
  private readonly map = new Map<string, number[]>();
  private readonly max: number;
  private readonly file: string | null;
  private loading: Promise<void> | null = null;
  private writing: Promise<void> = Promise.resolve();
  readonly stats: ScoreCacheStats = { hits: 0, misses: 0, loaded: 0 };

  constructor(private readonly options: ScoreCacheOptions) {
    this.max = options.maxEntries ?? 50_000;
    const name = createHash("sha256").update(options.modelKey).digest("hex").slice(0, 16);
    this.file = options.dir ? join(options.dir, `nli-${name}.jsonl`) : null;
  }

  /** Reads the disk file once (later calls wait for the same read). */
  load(): Promise<void> {
    if (!this.file) return Promise.resolve();
    const file = this.file;
    this.loading ??= readFile(file, "utf8").then(
      (text) => {
        for (const line of text.split("\n")) {
          if (!line) continue;
          try {
            const { k, p } = JSON.parse(line) as { k: string; p: number[] };
            if (typeof k === "string" && Array.isArray(p)) {
              this.remember(k, p);
              this.stats.loaded++;
            }
          } catch {
            // a torn last line from an interrupted write: skip it
          }
        }
      },
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") this.options.warn?.(`NLI score cache ${file} could not be read: ${error.message}`);
      },
    );
    return this.loading;
  }

  private remember(key: string, probabilities: number[]): void {
    if (this.max === 0) return;
    this.map.delete(key);
    this.map.set(key, probabilities);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  /** @returns the cached probabilities, or undefined (counted as a miss). */
  get(key: string): number[] | undefined {
    const hit = this.map.get(key);
    if (hit === undefined) {
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit;
  }

  /** Stores scores in memory and appends them to the disk file in the background. */
  setMany(entries: Array<[string, number[]]>): void {
    for (const [k, p] of entries) this.remember(k, p);
    if (!this.file || entries.length === 0) return;
    const file = this.file;
    const text = entries.map(([k, p]) => JSON.stringify({ k, p })).join("\n") + "\n";
    this.writing = this.writing
      .then(() => mkdir(this.options.dir!, { recursive: true }))
      .then(() => appendFile(file, text))
      .catch((error: Error) => this.options.warn?.(`NLI score cache ${file} could not be written: ${error.message}`));
  }

  /** Resolves when every disk write started so far has finished. */
  flush(): Promise<void> {
    return this.writing;
  }

  get size(): number {
    return this.map.size;
  }
}
