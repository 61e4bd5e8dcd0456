/**
 * Reads evidence files for the CLI, each by its extension: text, Markdown, HTML or a log (one tool output
 * each), JSON (one tool output), JSONL (one `{source, content}` record a line), CSV or TSV (one table), or a
 * folder of such files. Any other file is read as plain text, with a note saying so.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
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

/** Extensions read as text as they are, quietly: a JSON object or a table inside is still read as data. */
const TEXT_TYPES = new Set([".txt", ".text", ".md", ".markdown", ".html", ".htm", ".log"]);
/** Extensions read as a table: the rows of named columns tier 0 binds a claim's attribute to. */
const TABLE_TYPES = new Set([".csv", ".tsv"]);

/** The evidence file types `hfw verify --evidence` reads, for messages. */
export const EVIDENCE_TYPES = ".txt, .md, .html, .log, .json, .jsonl, .csv or .tsv";

/**
 * @param options.note called with a one-line note for a file read in a way its name does not say (an unknown
 *   extension, or none, is read as plain text); the CLI prints it on standard error.
 * @param options.skip a file not to read (the draft, when it sits in a folder of evidence), with a note.
 * @returns record inputs in file order (folders: sorted by name, not recursive into hidden entries).
 * @throws EvidenceError for a missing or unreadable file, invalid UTF-8, a malformed `.json` file, or a
 *   `.jsonl` line that is not `{source, content}`. (A `.csv` file that is not a table, and binary content,
 *   fail when the input is recorded.)
 */
export function loadEvidence(path: string, options: { note?: (message: string) => void; skip?: string } = {}): RecordInput[] {
  let stat;
  try {
    stat = statSync(path);
  } catch (cause) {
    throw new EvidenceError(`Evidence path '${path}' does not exist: pass a file or a folder of ${EVIDENCE_TYPES} files.`, { cause });
  }
  if (stat.isDirectory()) {
    return readdirSync(path)
      .filter((name) => !name.startsWith("."))
      .sort()
      .flatMap((name) => loadEvidence(join(path, name), options));
  }
  // The draft in a folder of evidence would be read as its own evidence, and support every claim it makes.
  if (options.skip !== undefined && sameFile(path, options.skip)) {
    options.note?.(`${path}: this is the draft; it is not read as evidence`);
    return [];
  }
  const ext = extname(path).toLowerCase();
  const source = basename(path, ext);
  const text = readText(path);
  if (ext === ".jsonl" || ext === ".ndjson") return parseJsonl(text, path);
  if (ext === ".json") return [{ source, content: text, format: "json" }];
  if (TABLE_TYPES.has(ext)) return [{ source, content: text, format: "csv" }];
  if (TEXT_TYPES.has(ext)) return [{ source, content: text }];
  options.note?.(
    `${path}: ${ext === "" ? "no file extension" : `unknown file type '${ext}'`}, read as plain text; name it .json, .jsonl or .csv to read it as data`,
  );
  return [{ source, content: text, format: "text" }];
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

function sameFile(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
