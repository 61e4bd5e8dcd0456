/**
 * A cache of model answers keyed by model id, prompt version and a hash of the input, so that a re-run over
 * the same claims and evidence (an eval, a retried request) costs no tokens. The judge and the LLM extractor
 * share it; the eval harness's `--cache` uses the same file.
 */
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Where model answers are kept. Values are plain JSON. Implementations must not throw for a missing key. */
export interface LlmCache {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}

/**
 * The cache key of one model answer: SHA-256 (hex) over what decides it.
 * @param parts purpose (`judge`, `extract`), model id, prompt version, and the input (any JSON value).
 */
export function llmCacheKey(parts: { purpose: string; model: string; promptVersion: number | string; input: unknown }): string {
  return createHash("sha256")
    .update(JSON.stringify([parts.purpose, parts.model, parts.promptVersion, parts.input]))
    .digest("hex");
}

/**
 * An in-memory cache (per process), least recently set dropped first.
 * @param maxEntries entries kept (default 10,000).
 */
export function createMemoryLlmCache(maxEntries = 10_000): LlmCache {
  const map = new Map<string, unknown>();
  return {
    get: (key) => map.get(key),
    set(key, value) {
      map.delete(key);
      map.set(key, value);
      if (map.size > maxEntries) map.delete(map.keys().next().value as string);
    },
  };
}

/**
 * A JSON-lines file cache that survives the process: read once on first use, appended on each new answer.
 * A line cut short by an interrupted run is skipped (that answer is simply asked again).
 * @param options.dir folder (created on first write); the file is `<dir>/llm.jsonl`.
 * @param options.file a file path instead of `dir`.
 */
export function createFileLlmCache(options: { dir?: string; file?: string }): LlmCache & { readonly file: string } {
  const file = options.file ?? join(options.dir ?? ".hfw/cache", "llm.jsonl");
  let entries: Map<string, unknown> | null = null;
  const load = (): Map<string, unknown> => {
    if (entries) return entries;
    entries = new Map();
    if (existsSync(file)) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        if (line.trim() === "") continue;
        try {
          const { key, value } = JSON.parse(line) as { key: string; value: unknown };
          entries.set(key, value);
        } catch {
          // An interrupted write: skip.
        }
      }
    }
    return entries;
  };
  return {
    file,
    get: (key) => load().get(key),
    set(key, value) {
      load().set(key, value);
      mkdirSync(dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify({ key, value })}\n`);
    },
  };
}
