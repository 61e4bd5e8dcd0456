/**
 * A report under another response id: its claim ids (`r3.c2`, `r3.c2.p1`) and their verdicts' ids follow.
 * Used when another process took the id first (see `ResponseIdTaken`).
 */
import type { Report } from "../schema.js";

/** The same report as `responseId`; the input is not changed. */
export function renumberReport(report: Report, responseId: string): Report {
  if (report.responseId === responseId) return report;
  const prefix = `${report.responseId}.`;
  const move = (id: string) => (id.startsWith(prefix) ? `${responseId}.${id.slice(prefix.length)}` : id);
  return {
    ...report,
    responseId,
    claims: report.claims.map((c) => ({ ...c, id: move(c.id) })),
    verdicts: report.verdicts.map((v) => ({ ...v, claimId: move(v.claimId) })),
    reasons: report.reasons.map((r) => r.split(prefix).join(`${responseId}.`)),
  };
}
