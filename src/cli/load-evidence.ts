/**
 * Reads evidence files for the CLI: text, Markdown or HTML (one tool output each), JSON (one tool output),
 * JSONL (one `{source, content}` record a line), or a folder of such files.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";
import { EvidenceError } from "../errors.js";
import type { RecordInput } from "../ledger/evidence-ledger.js";

const utf8 = new TextDecoder("utf-8", { fatal: true });

function readText(path: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (cause) {
    throw new EvidenceError(`Cannot read evidence file '${path}': ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}. Check the path.`, {
      cause,
    });
  }
  try {
    return utf8.decode(bytes);
  } catch (cause) {
    throw new EvidenceError(`Evidence file '${path}' is not valid UTF-8: convert it (e.g. iconv -t UTF-8) or pass a text export.`, { cause });
  }
}

/**
 * @returns record inputs in file order (folders: sorted by name, not recursive into hidden entries).
 * @throws EvidenceError for a missing or unreadable file, invalid UTF-8, a malformed `.json` file, or a
 *   `.jsonl` line that is not `{source, content}`.
 */
export function loadEvidence(path: string): RecordInput[] {
  let stat;
  try {
    stat = statSync(path);
  } catch (cause) {
    throw new EvidenceError(`Evidence path '${path}' does not exist: pass a file or a folder of .txt, .md, .json or .jsonl files.`, { cause });
  }
  if (stat.isDirectory()) {
    return readdirSync(path)
      .filter((name) => !name.startsWith("."))
      .sort()
      .flatMap((name) => loadEvidence(join(path, name)));
  }
  const ext = extname(path).toLowerCase();
  const source = basename(path, ext);
  const text = readText(path);
  if (ext === ".jsonl" || ext === ".ndjson") return parseJsonl(text, path);
  if (ext === ".json") return [{ source, content: text, format: "json" }];
  return [{ source, content: text }];
}

function parseJsonl(text: string, path: string): RecordInput[] {
  const out: RecordInput[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (cause) {
      throw new EvidenceError(`${path}:${i + 1} is not valid JSON (${(cause as Error).message}): each line must be {"source": ..., "content": ...}.`, {
        cause,
      });
    }
    if (value === null || typeof value !== "object" || !("content" in value)) {
      throw new EvidenceError(`${path}:${i + 1} has no "content": each line must be {"source": ..., "content": ...}.`);
    }
    const rec = value as { source?: unknown; content: unknown; callId?: unknown; args?: unknown };
    out.push({
      source: typeof rec.source === "string" ? rec.source : `${basename(path)}:${i + 1}`,
      content: rec.content,
      ...(typeof rec.callId === "string" ? { callId: rec.callId } : {}),
      ...(rec.args !== undefined ? { args: rec.args } : {}),
    });
  });
  return out;
}
