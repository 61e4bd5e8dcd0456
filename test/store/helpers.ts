/** Shared set-up of the store tests: temporary database files and the npm example as an agent session. */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Firewall, type Report, type Store } from "../../src/index.js";

const root = new URL("../../", import.meta.url).pathname;

/** A fresh database path in its own temporary folder (the folder does not exist yet). */
export function tempDb(name = "hfw.db"): string {
  return join(mkdtempSync(join(tmpdir(), "hfw-store-")), "data", name);
}

export const npmEvidence: Array<{ source: string; callId: string; content: unknown }> = readFileSync(join(root, "examples/npm-audit/evidence.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as { source: string; callId: string; content: unknown });

export const npmDraft = readFileSync(join(root, "examples/npm-audit/draft.md"), "utf8");

/** Records the npm example's three tool outputs in `sessionId` and verifies its draft. */
export async function runNpmExample(store: Store, sessionId = "npm-audit"): Promise<{ fw: Firewall; report: Report }> {
  const fw = new Firewall({ store, sessionId });
  for (const e of npmEvidence) fw.record(e);
  const report = await fw.verify(npmDraft);
  return { fw, report };
}
