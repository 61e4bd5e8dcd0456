/**
 * Rows of the SQLite store and the objects they hold: evidence records, reports (claims, verdicts, traces)
 * and session overviews. JSON columns hold what has no fixed shape (content, arguments, quotes...). The
 * PostgreSQL store keeps evidence, session and daily rows of the same shape and reads them with these too.
 */
import { scoreOf } from "../policy/grounding-score.js";
import type { Claim, ClaimVerdict, EvidenceRecord, Report, TierTrace, VerdictCounts } from "../schema.js";
import type { DayTrend, ReportSummary, SessionOverview } from "./session-browser.js";

export interface SessionRow {
  id: string;
  created_at: number;
  updated_at: number;
  evidence_count: number;
  evidence_bytes: number;
  report_count: number;
  supported: number;
  contradicted: number;
  unsupported: number;
  not_checkable: number;
  blocked: number;
}

export interface EvidenceRow {
  id: string;
  source: string;
  call_id: string | null;
  format: "text" | "json";
  content: string;
  args: string | null;
  text: string;
  hash: string;
  bytes: number;
  chunk_count: number;
  recorded_at: number;
}

export interface ReportRow {
  response_id: string;
  session_id: string;
  created_at: number;
  decision: Report["decision"];
  strictness: Report["strictness"];
  action: Report["action"];
  grounding_score: number | null;
  supported: number;
  contradicted: number;
  unsupported: number;
  not_checkable: number;
  evidence_count: number;
  ms: number;
  draft: string;
  output: string | null;
  reasons: string;
  sources: string;
  ledger_length: number | null;
  ledger_head: string | null;
  llm: string | null;
  /** Absent when a migration reads a table of schema 2. */
  firewall_version?: string | null;
}

export interface ClaimRow {
  response_id: string;
  ord: number;
  id: string;
  text: string;
  kind: Claim["kind"];
  span_start: number;
  span_end: number;
  citations: string;
}

export interface VerdictRow {
  response_id: string;
  ord: number;
  claim_id: string;
  verdict: ClaimVerdict["verdict"];
  confidence: number;
  tier: number;
  quotes: string;
  corrections: string;
}

export interface TraceRow {
  response_id: string;
  verdict_ord: number;
  ord: number;
  tier: number;
  name: string;
  outcome: TierTrace["outcome"];
  confidence: number | null;
  note: string;
  ms: number;
}

/**
 * JSON text of any value: bigints as strings, cycles and functions as a note. Used for tool arguments,
 * which are kept for display and may hold values JSON cannot.
 */
export function looseJson(value: unknown): string {
  const seen = new WeakSet<object>();
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === "bigint") return v.toString();
      if (typeof v === "function" || typeof v === "symbol") return `[${typeof v}]`;
      if (v !== null && typeof v === "object") {
        if (seen.has(v)) return "[circular]";
        seen.add(v);
      }
      return v;
    }) ?? "null"
  );
}

export function evidenceParams(sessionId: string, r: EvidenceRecord): unknown[] {
  return [
    sessionId,
    r.id,
    r.source,
    r.callId,
    r.format,
    JSON.stringify(r.content) ?? "null",
    r.args === undefined ? null : looseJson(r.args),
    r.text,
    r.hash,
    r.bytes,
    r.chunkCount,
    r.recordedAt,
  ];
}

export function evidenceOf(row: EvidenceRow): EvidenceRecord {
  return {
    id: row.id,
    source: row.source,
    callId: row.call_id,
    ...(row.args === null ? {} : { args: JSON.parse(row.args) as unknown }),
    format: row.format,
    content: JSON.parse(row.content) as unknown,
    text: row.text,
    hash: row.hash,
    bytes: row.bytes,
    chunkCount: row.chunk_count,
    recordedAt: row.recorded_at,
  };
}

/** The columns a report row is read with (see {@link reportsOf}). */
export const REPORT_COLUMNS =
  "response_id, session_id, created_at, decision, strictness, action, grounding_score, supported, contradicted, unsupported, not_checkable, evidence_count, ms, draft, output, reasons, sources, ledger_length, ledger_head, llm, firewall_version";

export function reportParams(r: Report): unknown[] {
  return [
    r.sessionId,
    r.responseId,
    r.createdAt,
    r.decision,
    r.strictness,
    r.action,
    r.groundingScore,
    r.counts.supported,
    r.counts.contradicted,
    r.counts.unsupported,
    r.counts.not_checkable,
    r.evidenceCount,
    r.ms,
    r.draft,
    r.output,
    JSON.stringify(r.reasons),
    JSON.stringify(r.sources),
    r.ledgerHead?.length ?? null,
    r.ledgerHead?.hash ?? null,
    r.llm === undefined ? null : JSON.stringify(r.llm),
    r.firewallVersion ?? null,
  ];
}

function countsOf(row: { supported: number; contradicted: number; unsupported: number; not_checkable: number }): VerdictCounts {
  return { supported: row.supported, contradicted: row.contradicted, unsupported: row.unsupported, not_checkable: row.not_checkable };
}

/** The columns of a report row that its summary reads. */
export type ReportSummaryRow = Pick<
  ReportRow,
  "response_id" | "created_at" | "decision" | "grounding_score" | "supported" | "contradicted" | "unsupported" | "not_checkable" | "ms"
>;

export function summaryOf(row: ReportSummaryRow): ReportSummary {
  return {
    responseId: row.response_id,
    createdAt: row.created_at,
    decision: row.decision,
    groundingScore: row.grounding_score,
    counts: countsOf(row),
    ms: row.ms,
  };
}

function groupBy<T extends { response_id: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    let list = out.get(row.response_id);
    if (!list) out.set(row.response_id, (list = []));
    list.push(row);
  }
  return out;
}

/** Reports from their rows; child rows must come ordered by `ord` (and traces by `verdict_ord, ord`). */
export function reportsOf(reports: ReportRow[], claims: ClaimRow[], verdicts: VerdictRow[], traces: TraceRow[]): Report[] {
  const claimsBy = groupBy(claims);
  const verdictsBy = groupBy(verdicts);
  const tracesBy = groupBy(traces);
  return reports.map((row) => {
    const traceBy = new Map<number, TierTrace[]>();
    for (const t of tracesBy.get(row.response_id) ?? []) {
      let list = traceBy.get(t.verdict_ord);
      if (!list) traceBy.set(t.verdict_ord, (list = []));
      list.push({ tier: t.tier, name: t.name, outcome: t.outcome, confidence: t.confidence, note: t.note, ms: t.ms });
    }
    return {
      responseId: row.response_id,
      sessionId: row.session_id,
      draft: row.draft,
      claims: (claimsBy.get(row.response_id) ?? []).map((c) => ({
        id: c.id,
        text: c.text,
        kind: c.kind,
        span: [c.span_start, c.span_end] as [number, number],
        citations: JSON.parse(c.citations) as string[],
      })),
      verdicts: (verdictsBy.get(row.response_id) ?? []).map((v) => ({
        claimId: v.claim_id,
        verdict: v.verdict,
        confidence: v.confidence,
        tier: v.tier,
        quotes: JSON.parse(v.quotes) as ClaimVerdict["quotes"],
        corrections: JSON.parse(v.corrections) as ClaimVerdict["corrections"],
        trace: traceBy.get(v.ord) ?? [],
      })),
      counts: countsOf(row),
      groundingScore: row.grounding_score,
      decision: row.decision,
      strictness: row.strictness,
      action: row.action,
      output: row.output,
      reasons: JSON.parse(row.reasons) as string[],
      sources: JSON.parse(row.sources) as Report["sources"],
      evidenceCount: row.evidence_count,
      ms: row.ms,
      createdAt: row.created_at,
      ...(row.llm === null ? {} : { llm: JSON.parse(row.llm) as Report["llm"] }),
      ...(row.ledger_head === null ? {} : { ledgerHead: { length: row.ledger_length ?? 0, hash: row.ledger_head } }),
      ...(row.firewall_version ? { firewallVersion: row.firewall_version } : {}),
    };
  });
}

export function overviewOfRow(row: SessionRow): SessionOverview {
  const claims = countsOf(row);
  return {
    sessionId: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    evidenceCount: row.evidence_count,
    evidenceBytes: row.evidence_bytes,
    responses: row.report_count,
    claims,
    flagged: claims.contradicted + claims.unsupported,
    groundingScore: scoreOf(claims),
    blocked: row.blocked,
  };
}

/** Answers of one UTC day, summed (`day` is `YYYY-MM-DD`). */
export interface DailyRow {
  day: string;
  responses: number;
  supported: number;
  contradicted: number;
  unsupported: number;
  not_checkable: number;
  blocked: number;
}

export function dayTrendOf(row: DailyRow): DayTrend {
  const claims = countsOf(row);
  return {
    day: row.day,
    responses: row.responses,
    claims,
    flagged: claims.contradicted + claims.unsupported,
    groundingScore: scoreOf(claims),
    blocked: row.blocked,
  };
}
