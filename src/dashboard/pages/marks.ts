/** Verdict marks of the pages: a coloured symbol per verdict, and a row of verdict counts. */
import type { VerdictCounts, VerdictLabel } from "../../index.js";
import { HTML_MARK, VERDICT_TEXT } from "../format.js";
import { html, type SafeHtml } from "../html.js";

export function markOf(label: VerdictLabel): SafeHtml {
  return html`<span class="mark v-${label}" title="${VERDICT_TEXT[label]}">${HTML_MARK[label]}</span>`;
}

export function counts(c: VerdictCounts): SafeHtml {
  return html`<span class="v-supported">${markOf("supported")} ${c.supported}</span> <span class="v-contradicted">${markOf("contradicted")} ${c.contradicted}</span> <span class="v-unsupported">${markOf("unsupported")} ${c.unsupported}</span> <span class="v-not_checkable">${markOf("not_checkable")} ${c.not_checkable}</span>`;
}
