/**
 * Runs each example's agent session (its tool outputs, then its draft answer) through the firewall into a
 * SQLite database, so that `hfw dashboard` has real reports to show on first run.
 *
 *   npm run example:sessions                 # into .hfw/hfw.db
 *   npm run example:sessions -- --db FILE    # elsewhere
 *
 * An example is a folder of examples/ holding `draft.md` and `evidence.jsonl` (one {source, callId,
 * content} record a line) or `evidence.txt` (one text output). Each becomes the session `example-<folder>`,
 * replaced if it was recorded before.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_DB_PATH, Firewall, SqliteStore, type RecordInput } from "../src/index.js";

const examplesDir = new URL("../../examples/", import.meta.url).pathname;

/** The tool outputs of an example folder, in recording order. */
function evidenceOf(dir: string): RecordInput[] {
  const jsonl = join(dir, "evidence.jsonl");
  if (existsSync(jsonl)) {
    return readFileSync(jsonl, "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as RecordInput);
  }
  const txt = join(dir, "evidence.txt");
  if (existsSync(txt)) return [{ source: "evidence", content: readFileSync(txt, "utf8") }];
  return [];
}

/** Records every example into `db`. @returns one line per session recorded. */
export async function recordExamples(db: string): Promise<string[]> {
  const store = new SqliteStore({ path: db });
  const fw = new Firewall({ store });
  const lines: string[] = [];
  try {
    for (const name of readdirSync(examplesDir).sort()) {
      const dir = join(examplesDir, name);
      const draftPath = join(dir, "draft.md");
      const evidence = existsSync(draftPath) ? evidenceOf(dir) : [];
      if (evidence.length === 0) continue;
      const id = `example-${name}`;
      fw.reset(id);
      const session = fw.session(id);
      for (const input of evidence) session.record(input);
      const report = await session.verify(readFileSync(draftPath, "utf8"));
      const score = report.groundingScore === null ? "n/a" : report.groundingScore.toFixed(2);
      lines.push(
        `${id}: ${evidence.length} tool output${evidence.length === 1 ? "" : "s"}, ${report.claims.length} claims, grounding ${score}, ${report.counts.contradicted} contradicted, ${report.counts.unsupported} unsupported, decision ${report.decision}`,
      );
    }
  } finally {
    store.close();
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { db: { type: "string", default: DEFAULT_DB_PATH } } });
  const db = values.db ?? DEFAULT_DB_PATH;
  for (const line of await recordExamples(db)) console.log(line);
  console.log(`\nRecorded in ${db}. See them with: npm run hfw -- dashboard --db ${db}`);
}
