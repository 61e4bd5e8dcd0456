/**
 * Where sessions, evidence and reports are kept. In-memory by default; a SQLite store comes later behind
 * the same interface. Methods are synchronous: a store write that fails must throw, never drop silently.
 */
import type { EvidenceRecord, Report } from "../schema.js";

export interface SessionSummary {
  sessionId: string;
  createdAt: number;
  evidenceCount: number;
  reportCount: number;
}

export interface Store {
  /** Creates the session if it is new; a no-op otherwise. */
  ensureSession(sessionId: string): void;
  putEvidence(sessionId: string, record: EvidenceRecord): void;
  listEvidence(sessionId: string): EvidenceRecord[];
  putReport(report: Report): void;
  listReports(sessionId: string): Report[];
  listSessions(): SessionSummary[];
  deleteSession(sessionId: string): void;
}
