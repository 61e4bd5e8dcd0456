/**
 * Rows of the PostgreSQL store: evidence rows of the SQLite store's shape (read back with `evidenceOf`),
 * reports kept whole as JSON text, and what each write puts in them. A row is built here exactly as the
 * database will give it back, so that the chain can hash it before it is written.
 */
import type { EvidenceRecord, Report } from "../schema.js";
import { looseJson, type EvidenceRow } from "./sqlite-rows.js";

/** Columns of an evidence row, in the order of {@link EvidenceRow}'s fields. */
export const EVIDENCE_COLUMNS = "id, source, call_id, format, content, args, text, hash, bytes, chunk_count, recorded_at";

/** Columns of a report's summary (see `summaryOf`). */
export const SUMMARY_COLUMNS = "response_id, created_at, decision, grounding_score, supported, contradicted, unsupported, not_checkable, ms";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A string as PostgreSQL gives it back: a lone UTF-16 surrogate, which UTF-8 cannot hold, comes back as
 * U+FFFD (the driver encodes it so). Everything else is unchanged.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\uFFFD");
}

/** The row a record is stored as, exactly as a SELECT returns it; `evidenceOf(row)` is the record as read back. */
export function evidenceRowOf(record: EvidenceRecord): EvidenceRow {
  return {
    id: wellFormed(record.id),
    source: wellFormed(record.source),
    call_id: record.callId == null ? null : wellFormed(record.callId),
    format: record.format,
    content: JSON.stringify(record.content) ?? "null",
    args: record.args === undefined ? null : looseJson(record.args),
    text: wellFormed(record.text),
    hash: wellFormed(record.hash),
    bytes: record.bytes,
    chunk_count: record.chunkCount,
    recorded_at: record.recordedAt,
  };
}

/** An evidence row from the JSON array of its {@link EVIDENCE_COLUMNS} (as `json_build_array` gives it). */
export function evidenceRowFromJson(values: unknown[]): EvidenceRow {
  const [id, source, call_id, format, content, args, text, hash, bytes, chunk_count, recorded_at] = values;
  return { id, source, call_id, format, content, args, text, hash, bytes, chunk_count, recorded_at } as EvidenceRow;
}

/** Parameters $3.. of an evidence INSERT, in {@link EVIDENCE_COLUMNS} order. */
export function evidenceValues(row: EvidenceRow): unknown[] {
  return [row.id, row.source, row.call_id, row.format, row.content, row.args, row.text, row.hash, row.bytes, row.chunk_count, row.recorded_at];
}

/** A report as stored: its JSON text, and the report that text reads back as (what the chain hashes). */
export function storedReport(report: Report): { body: string; report: Report } {
  const body = JSON.stringify(report);
  return { body, report: JSON.parse(body) as Report };
}

/** Parameters $4.. of a report INSERT: the summary columns after `response_id`, then the body. */
export function reportValues(report: Report, body: string): unknown[] {
  const c = report.counts;
  return [report.createdAt, report.decision, report.groundingScore, c.supported, c.contradicted, c.unsupported, c.not_checkable, report.ms, body];
}
