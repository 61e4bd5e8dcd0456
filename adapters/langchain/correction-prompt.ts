/**
 * The correction turn fed back to an agent's model when its answer fails verification: each failing claim,
 * why it failed, and the evidence value where there is one. Models can often fix their own answer when shown
 * the failing claims: self-correction works when the feedback comes from outside the model, here from the
 * tool evidence (CRITIC, Gou et al., ICLR 2024, "Large Language Models Can Self-Correct with
 * Tool-Interactive Critiquing").
 */
import type { Report } from "../../src/index.js";

/** The default correction prompt: a list of the answer's flagged claims and what the evidence says. */
export function defaultCorrectionPrompt(report: Report): string {
  const claims = new Map(report.claims.map((c) => [c.id, c]));
  const lines: string[] = [];
  for (const v of report.verdicts) {
    if (v.verdict !== "contradicted" && v.verdict !== "unsupported") continue;
    const claim = claims.get(v.claimId);
    if (!claim) continue;
    if (v.verdict === "contradicted" && v.corrections.length > 0) {
      const fixes = v.corrections.map((c) => `the tool result ${c.quote.source} says ${c.value}, not ${c.wrong} ("${clip(c.quote.text)}")`);
      lines.push(`- "${claim.text}": ${fixes.join("; ")}.`);
    } else if (v.verdict === "contradicted") {
      const quote = v.quotes[0];
      lines.push(`- "${claim.text}": the tool results say otherwise${quote ? ` (${quote.source}: "${clip(quote.text)}")` : ""}.`);
    } else {
      lines.push(`- "${claim.text}": no tool result says this.`);
    }
  }
  return [
    "Your answer states things the tool results do not support:",
    ...lines,
    "Write the answer again using only what the tool results say. Fix or leave out these statements; keep everything else.",
  ].join("\n");
}

function clip(text: string, max = 160): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
