/**
 * Tiny real model folders for the tier-1 tests, written once per test file into a temporary folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { writeTinyEmbedModel, writeTinyNliModel, type TinyNliOptions } from "../../scripts/fixtures/tiny-models.js";

/** A temporary folder removed after the file's tests; `nli(name, options)` and `embed()` write models in it. */
export function tinyModels() {
  const root = mkdtempSync(join(tmpdir(), "hfw-nli-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let embedDir: string | null = null;
  return {
    root,
    nli(name: string, options: TinyNliOptions = { labels: ["contradiction", "entailment", "neutral"] }): string {
      return writeTinyNliModel(join(root, name), options);
    },
    embed(): string {
      embedDir ??= writeTinyEmbedModel(join(root, "embed"));
      return embedDir;
    },
  };
}
