import { ResponseIdTaken, StoreError } from "../errors.js";
import type { EvidenceRecord, Report } from "../schema.js";
import { EMPTY_HEAD, extend, type ChainHead, type ChainRow } from "./ledger-chain.js";
import type { AppendedEvidence, NewEvidence, PageRequest, SessionDelta, SessionSummary, Store } from "./store.js";

interface SessionData {
  createdAt: number;
  evidence: EvidenceRecord[];
  reports: Report[];
  byCallId: Map<string, EvidenceRecord>;
  evidenceIds: Set<string>;
  responseIds: Set<string>;
  chain: ChainRow[];
  head: ChainHead;
}

function pageOf<T>(rows: readonly T[], page?: PageRequest): T[] {
  return page ? rows.slice(page.offset, page.offset + page.limit) : [...rows];
}

/** The default store: plain maps in this process, gone when it exits. */
export class MemoryStore implements Store {
  private readonly sessions = new Map<string, SessionData>();

  private session(sessionId: string): SessionData {
    let s = this.sessions.get(sessionId);
    if (!s) {
      s = {
        createdAt: Date.now(),
        evidence: [],
        reports: [],
        byCallId: new Map(),
        evidenceIds: new Set(),
        responseIds: new Set(),
        chain: [],
        head: EMPTY_HEAD,
      };
      this.sessions.set(sessionId, s);
    }
    return s;
  }

  ensureSession(sessionId: string): void {
    this.session(sessionId);
  }

  putEvidence(sessionId: string, record: EvidenceRecord): void {
    const s = this.session(sessionId);
    if (s.evidenceIds.has(record.id)) throw new StoreError(`Session '${sessionId}' already holds evidence ${record.id}: give the record another id.`);
    this.add(s, record);
  }

  private add(s: SessionData, record: EvidenceRecord): void {
    s.evidence.push(record);
    s.evidenceIds.add(record.id);
    if (record.callId !== null && !s.byCallId.has(record.callId)) s.byCallId.set(record.callId, record);
    s.head = extend(s.head, "evidence", record);
    s.chain.push({ seq: s.head.length, kind: "evidence", row: record, hash: s.head.hash });
  }

  appendEvidence(sessionId: string, records: readonly NewEvidence[]): AppendedEvidence[] {
    const s = this.session(sessionId);
    return records.map((r) => {
      const seen = r.callId === null ? undefined : s.byCallId.get(r.callId);
      if (seen) return { record: seen, added: false };
      const record = { ...r, id: `e${s.evidence.length + 1}` } as EvidenceRecord;
      this.add(s, record);
      return { record, added: true };
    });
  }

  listEvidence(sessionId: string, page?: PageRequest): EvidenceRecord[] {
    return pageOf(this.sessions.get(sessionId)?.evidence ?? [], page);
  }

  putReport(report: Report): void {
    const s = this.session(report.sessionId);
    if (s.responseIds.has(report.responseId)) throw new ResponseIdTaken(report.sessionId, report.responseId);
    s.reports.push(report);
    s.responseIds.add(report.responseId);
    s.head = extend(s.head, "report", report);
    s.chain.push({ seq: s.head.length, kind: "report", row: report, hash: s.head.hash });
  }

  listReports(sessionId: string, page?: PageRequest): Report[] {
    return pageOf(this.sessions.get(sessionId)?.reports ?? [], page);
  }

  listSessions(): SessionSummary[] {
    return [...this.sessions.entries()].map(([sessionId, s]) => ({
      sessionId,
      createdAt: s.createdAt,
      evidenceCount: s.evidence.length,
      reportCount: s.reports.length,
    }));
  }

  deleteSession(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  sessionDelta(sessionId: string, known: { evidence: number; reports: number }): SessionDelta {
    const s = this.sessions.get(sessionId);
    if (!s) return { evidence: [], reports: [], evidenceCount: 0, reportCount: 0, head: EMPTY_HEAD };
    return {
      evidence: s.evidence.slice(known.evidence),
      reports: s.reports.slice(known.reports),
      evidenceCount: s.evidence.length,
      reportCount: s.reports.length,
      head: s.head,
    };
  }

  chainHead(sessionId: string): ChainHead {
    return this.sessions.get(sessionId)?.head ?? EMPTY_HEAD;
  }

  chainRows(sessionId: string, after = 0, limit = Number.POSITIVE_INFINITY): ChainRow[] {
    return (this.sessions.get(sessionId)?.chain ?? []).slice(after, after + limit);
  }
}
