/**
 * Human output of `hfw verify`: one line per claim with its verdict mark, the quote that decides it and the
 * correction, then the grounding score, the decision (with the version of the firewall that made it) and the
 * text that may ship.
 */
import type { Report, VerdictLabel } from "../schema.js";

const MARK: Record<VerdictLabel, string> = {
  supported: "✅",
  contradicted: "❌",
  unsupported: "⚠️ ",
  not_checkable: "➖",
};

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Claim ids the policy acted on: each flagged claim opens a reason line (`r1.c2 contradicted ...`). */
function flaggedIds(report: Report): Set<string> {
  const ids = new Set<string>();
  for (const r of report.reasons) {
    const m = /^(\S+\.c\d+(?:\.\d+)?) (?:contradicted|unsupported)\b/.exec(r);
    if (m) ids.add(m[1]!);
  }
  return ids;
}

/**
 * The human report of one verify. A contradicted or unsupported claim the policy did not act on (its
 * confidence is below the policy's threshold) says so, so the verdict lines never disagree with the decision.
 */
export function formatReport(report: Report): string {
  const lines: string[] = [];
  if (report.claims.length === 0) lines.push("nothing to verify: the draft states no claim");
  const flagged = flaggedIds(report);
  report.claims.forEach((claim, i) => {
    const v = report.verdicts[i]!;
    const idle = (v.verdict === "contradicted" || v.verdict === "unsupported") && !flagged.has(claim.id);
    lines.push(
      `${MARK[v.verdict]} ${claim.id.padEnd(6)} ${v.verdict.padEnd(13)} "${clip(claim.text, 100)}"${idle ? ` (confidence ${v.confidence.toFixed(2)} is below the policy's threshold: not acted on)` : ""}`,
    );
    for (const c of v.corrections) lines.push(`   correction: ${c.wrong} → ${c.value}   (${c.quote.source}: "${clip(c.quote.text, 90)}")`);
    if (v.corrections.length === 0 && v.quotes[0] && v.verdict !== "not_checkable") {
      lines.push(`   evidence: ${v.quotes[0].source} ${v.quotes[0].evidenceId} "${clip(v.quotes[0].text, 100)}"`);
    }
    const decider = v.trace.find((t) => t.tier === v.tier && t.outcome !== "pass");
    if (decider && v.verdict !== "not_checkable")
      lines.push(`   tier ${decider.tier} (${decider.name}, ${v.confidence.toFixed(2)}): ${clip(decider.note, 110)}`);
    for (const t of v.trace) if (t.outcome === "error") lines.push(`   tier ${t.tier} (${t.name}) failed: ${clip(t.note, 110)}`);
  });
  const c = report.counts;
  const checkable = c.supported + c.contradicted + c.unsupported;
  lines.push("");
  lines.push(
    `grounding score: ${report.groundingScore === null ? "n/a (nothing to check)" : `${report.groundingScore.toFixed(2)} (${c.supported}/${checkable} checkable claims supported)`}` +
      ` · ${c.contradicted} contradicted · ${c.unsupported} unsupported · ${c.not_checkable} not checkable`,
  );
  if (report.llm) {
    const u = report.llm;
    const cost = u.costUsd === null ? "cost unknown (no price for the model)" : `$${u.costUsd.toFixed(4)}`;
    lines.push(
      `LLM: ${u.modelCalls} model call(s)${u.cachedCalls ? `, ${u.cachedCalls} from cache` : ""} · ${u.inputTokens} tokens in, ${u.outputTokens} out · ${cost}`,
    );
    for (const n of u.notes) lines.push(`   ${n}`);
  }
  const made = report.firewallVersion === undefined ? "" : ` · hallucination-firewall ${report.firewallVersion}`;
  lines.push(`decision: ${report.decision} (${report.strictness} policy, action ${report.action}) in ${report.ms.toFixed(1)} ms${made}`);
  for (const r of report.reasons) lines.push(`   ${r}`);
  if (report.output !== null && report.output !== report.draft) {
    lines.push("", "--- text that may ship ---", report.output.trimEnd());
  }
  return lines.join("\n");
}
