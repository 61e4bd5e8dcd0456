/**
 * A session's hallucination report as Markdown: totals, then each answer's claims with verdict,
 * confidence, deciding tier, evidence and correction, then the evidence ledger. Untrusted text is escaped
 * so that it cannot become a link, an image, HTML or a table cell of its own.
 */
import type { SessionExport } from "../index.js";
import { bytesText, msText, scoreText, tierText, utcTime, VERDICT_MARK, VERDICT_TEXT } from "./format.js";

/** Escapes Markdown and inline HTML in one line of untrusted text (newlines become spaces). */
export function mdText(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\\`*_[\]|#!~]/g, (c) => `\\${c}`)
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/** A fenced block that no run of backticks or tildes inside the text can close. */
export function mdFence(text: string, info = "text"): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${info}\n${text.replace(/\n$/, "")}\n${fence}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function renderSessionMarkdown(data: SessionExport): string {
  const s = data.session;
  const checkable = s.claims.supported + s.claims.contradicted + s.claims.unsupported;
  const out: string[] = [
    `# Hallucination report: session ${mdText(s.sessionId)}`,
    "",
    `- Started ${utcTime(s.createdAt)}, last activity ${utcTime(s.updatedAt)}; exported ${utcTime(data.exportedAt)}`,
    `- Answers: ${s.responses}${s.blocked > 0 ? ` (${s.blocked} blocked)` : ""}; evidence: ${s.evidenceCount} tool output${s.evidenceCount === 1 ? "" : "s"} (${bytesText(s.evidenceBytes)})`,
    `- Grounding score: ${scoreText(s.groundingScore)}${checkable > 0 ? ` (${s.claims.supported} of ${checkable} checkable claims supported)` : " (nothing checkable)"}`,
    `- Claims: ${VERDICT_MARK.supported} ${s.claims.supported} supported · ${VERDICT_MARK.contradicted} ${s.claims.contradicted} contradicted · ${VERDICT_MARK.unsupported} ${s.claims.unsupported} unsupported · ${VERDICT_MARK.not_checkable} ${s.claims.not_checkable} not checkable`,
  ];
  for (const r of data.reports) {
    const byId = new Map(r.verdicts.map((v) => [v.claimId, v]));
    out.push("", `## Answer ${mdText(r.responseId)}: ${r.decision}, grounding ${scoreText(r.groundingScore)}`, "");
    out.push(`${utcTime(r.createdAt)} · ${r.strictness} policy, action ${r.action} · ${r.claims.length} claims · verified in ${msText(r.ms)}`, "");
    if (r.claims.length > 0) {
      out.push("| claim | verdict | confidence | decided by | evidence | correction |", "|---|---|---|---|---|---|");
      for (const c of r.claims) {
        const v = byId.get(c.id);
        const label = v?.verdict ?? "not_checkable";
        const decider = v?.trace.find((t) => t.tier === v.tier && t.outcome !== "pass");
        const quote = v?.corrections[0]?.quote ?? (label === "not_checkable" ? undefined : v?.quotes[0]);
        out.push(
          `| ${mdText(c.id)} ${mdText(clip(c.text, 300))} | ${VERDICT_MARK[label]} ${VERDICT_TEXT[label]} | ${v ? v.confidence.toFixed(2) : ""} | ${v ? tierText(v.tier, decider?.name) : ""} | ${
            quote ? `${mdText(quote.source)} ${mdText(quote.evidenceId)}: “${mdText(clip(quote.text, 200))}”` : ""
          } | ${(v?.corrections ?? []).map((x) => `${mdText(x.wrong)} → ${mdText(x.value)}`).join("; ")} |`,
        );
      }
      out.push("");
    }
    if (r.reasons.length > 0) out.push("Why:", ...r.reasons.map((x) => `- ${mdText(x)}`), "");
    out.push("Draft:", "", mdFence(r.draft), "");
    if (r.output === null) out.push("Blocked: nothing of this answer was shipped.");
    else if (r.output !== r.draft) out.push("Text that may ship:", "", mdFence(r.output));
  }
  out.push("", "## Evidence ledger", "");
  if (data.evidence.length === 0) out.push("No tool output recorded.");
  else {
    out.push("| id | source | recorded | size | sha-256 |", "|---|---|---|---|---|");
    for (const e of data.evidence)
      out.push(`| ${mdText(e.id)} | ${mdText(e.source)} | ${utcTime(e.recordedAt)} | ${bytesText(e.bytes)} | \`${e.hash.slice(0, 16)}…\` |`);
  }
  return `${out.join("\n")}\n`;
}
