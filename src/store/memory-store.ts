import type { EvidenceRecord, Report } from "../schema.js";
import type { SessionSummary, Store } from "./store.js";

interface SessionData {
  createdAt: number;
  evidence: EvidenceRecord[];
  reports: Report[];
}

/** The default store: plain maps in this process, gone when it exits. */
export class MemoryStore implements Store {
  private readonly sessions = new Map<string, SessionData>();

  private session(sessionId: string): SessionData {
    let s = this.sessions.get(sessionId);
    if (!s) {
      s = { createdAt: Date.now(), evidence: [], reports: [] };
      this.sessions.set(sessionId, s);
    }
    return s;
  }

  ensureSession(sessionId: string): void {
    this.session(sessionId);
  }

  putEvidence(sessionId: string, record: EvidenceRecord): void {
    this.session(sessionId).evidence.push(record);
  }

  listEvidence(sessionId: string): EvidenceRecord[] {
    return [...(this.sessions.get(sessionId)?.evidence ?? [])];
  }

  putReport(report: Report): void {
    this.session(report.sessionId).reports.push(report);
  }

  listReports(sessionId: string): Report[] {
    return [...(this.sessions.get(sessionId)?.reports ?? [])];
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
}
