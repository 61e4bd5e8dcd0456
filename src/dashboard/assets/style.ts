/** The dashboard's stylesheet, served as /assets/style.css (no build step; no inline styles, which the CSP refuses). */
export const STYLE_CSS = `
:root { --bg: #f7f7f5; --fg: #1d232a; --muted: #667085; --line: #e3e5e8; --panel: #fff; --accent: #2f5fd0;
  --ok: #1a7f37; --ok-bg: #dcf5e3; --bad: #c62828; --bad-bg: #fde2e1; --warn: #9a6700; --warn-bg: #fff2c6; --nc: #6b7280; --nc-bg: #eef0f3; }
@media (prefers-color-scheme: dark) { :root { --bg: #15181c; --fg: #e6e8eb; --muted: #98a2b3; --line: #2c3138; --panel: #1c2026; --accent: #7ea2ff;
  --ok: #5bd17f; --ok-bg: #1d3a27; --bad: #ff7b72; --bad-bg: #45211f; --warn: #e3b341; --warn-bg: #3d3114; --nc: #9aa4b2; --nc-bg: #2a2f36; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); }
a { color: var(--accent); text-decoration: none; } a:hover { text-decoration: underline; }
header.top { display: flex; gap: 1rem; align-items: baseline; padding: .6rem 1.5rem; border-bottom: 1px solid var(--line); background: var(--panel); }
.brand { font-weight: 650; color: var(--fg); }
main { max-width: 1280px; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
footer { max-width: 1280px; margin: 0 auto; padding: 0 1.5rem 2rem; font-size: 12px; }
h1 { font-size: 1.5rem; margin: .4rem 0 1rem; } h2 { font-size: 1.1rem; margin: 0; }
.muted { color: var(--muted); } .small { font-size: 12px; }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .6rem 1rem; margin-bottom: 1rem; }
table { border-collapse: collapse; width: 100%; background: var(--panel); }
th, td { text-align: left; padding: .45rem .6rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; font-size: 12px; color: var(--muted); white-space: nowrap; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; word-break: break-all; }
.sessions tbody tr:hover { background: var(--bg); }
.sorted { color: var(--fg); }
.filters { display: flex; flex-wrap: wrap; gap: .8rem; align-items: end; margin: 0 0 .6rem; }
.filters label { display: flex; flex-direction: column; font-size: 12px; color: var(--muted); gap: .2rem; }
.filters label.live { flex-direction: row; align-items: center; margin-left: auto; }
input, select, button { font: inherit; padding: .3rem .5rem; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); color: var(--fg); }
button { cursor: pointer; background: var(--accent); color: #fff; border-color: var(--accent); }
.count { margin: .3rem 0 .6rem; }
.empty { background: var(--panel); border: 1px dashed var(--line); border-radius: 8px; padding: 1rem 1.4rem; }
.pager { display: flex; gap: 1.2rem; justify-content: center; margin: 1rem 0; }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 999px; font-size: 12px; font-weight: 600; background: var(--nc-bg); color: var(--nc); }
.badge.block, .badge.d-block { background: var(--bad-bg); color: var(--bad); }
.badge.d-pass { background: var(--ok-bg); color: var(--ok); }
.badge.d-annotate, .badge.d-rewrite { background: var(--warn-bg); color: var(--warn); }
.score { display: inline-flex; align-items: center; gap: .4rem; }
.score .bar { display: inline-block; height: 8px; border-radius: 4px; background: currentColor; min-width: 2px; }
.score .num { color: var(--fg); font-variant-numeric: tabular-nums; }
.score.good { color: var(--ok); } .score.fair { color: var(--warn); } .score.poor { color: var(--bad); } .score.none { color: var(--muted); }
${Array.from({ length: 21 }, (_, i) => `.bar.w${i * 5} { width: ${i * 3}px; }`).join(" ")}
.v-supported { color: var(--ok); } .v-contradicted { color: var(--bad); } .v-unsupported { color: var(--warn); } .v-not_checkable { color: var(--nc); }
.mark { display: inline-flex; align-items: center; justify-content: center; width: 1.25em; height: 1.25em; border-radius: 50%;
  font-size: 11px; font-weight: 700; line-height: 1; color: #fff; background: var(--nc); vertical-align: 1px; }
.mark.v-supported, .verdict.v-supported .mark { background: var(--ok); } .mark.v-contradicted, .verdict.v-contradicted .mark { background: var(--bad); }
.mark.v-unsupported, .verdict.v-unsupported .mark { background: var(--warn); } .mark.v-not_checkable, .verdict.v-not_checkable .mark { background: var(--nc); }
.counts > span { margin-right: .5rem; }
td.n.v-supported, td.n.v-contradicted, td.n.v-unsupported, td.n.v-not_checkable { font-weight: 600; }
.crumbs { margin: 0; font-size: 13px; }
.session-id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.totals { display: flex; flex-wrap: wrap; gap: .6rem 2rem; margin: 0 0 1rem; }
.totals div { display: flex; flex-direction: column; } .totals dt { font-size: 12px; color: var(--muted); } .totals dd { margin: 0; }
.ledger { margin: 0 0 1rem; font-size: 13px; } .ledger code { font-size: 12.5px; }
.ledger.broken { color: var(--bad); background: var(--bad-bg); border-radius: 6px; padding: .5rem .8rem; }
.tabs { display: flex; gap: .3rem; align-items: center; border-bottom: 1px solid var(--line); margin: 1rem 0; }
.tab { padding: .4rem .9rem; border: 1px solid transparent; border-bottom: none; border-radius: 6px 6px 0 0; }
.tab.current { border-color: var(--line); background: var(--panel); font-weight: 600; margin-bottom: -1px; }
.spacer { flex: 1; } .export { font-size: 13px; margin-left: .8rem; }
.toggle { display: inline-flex; gap: .4rem; align-items: center; font-size: 13px; }
.answer { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .8rem 1rem; margin: 1rem 0 1.4rem; }
.answer-head { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: baseline; margin-bottom: .6rem; }
.draft { white-space: pre-wrap; word-wrap: break-word; padding: .7rem .9rem; background: var(--bg); border-radius: 6px; line-height: 1.7; }
a.claim { color: inherit; border-bottom: 2px solid; border-radius: 2px; padding: 0 1px; }
a.claim:hover { text-decoration: none; filter: brightness(.95); }
a.claim.v-supported { background: var(--ok-bg); border-color: var(--ok); }
a.claim.v-contradicted { background: var(--bad-bg); border-color: var(--bad); }
a.claim.v-unsupported { background: var(--warn-bg); border-color: var(--warn); }
a.claim.v-not_checkable { border-color: var(--line); }
del { color: var(--bad); } ins { color: var(--ok); text-decoration: none; font-weight: 600; }
a.claim .arrow { color: var(--muted); }
.reasons { margin: .5rem 0; padding-left: 1.2rem; color: var(--muted); font-size: 13px; }
.blocked-note { color: var(--bad); font-weight: 600; }
.output pre, pre.content { white-space: pre-wrap; word-wrap: break-word; background: var(--bg); padding: .6rem .8rem; border-radius: 6px; font-size: 13px; max-height: 40rem; overflow: auto; }
.claims { margin-top: .6rem; } .claims td { font-size: 13px; }
.claim-row:target { outline: 2px solid var(--accent); outline-offset: -2px; }
.claim-text { max-width: 36rem; }
.correction, .quote { margin-top: .25rem; font-size: 12.5px; }
q { color: var(--fg); font-style: italic; } .src { font-size: 12px; }
.verdict { white-space: nowrap; font-weight: 600; }
.trace summary { cursor: pointer; color: var(--muted); white-space: nowrap; }
.trace-table { margin-top: .3rem; font-size: 12px; } .trace-table td, .trace-table th { padding: .2rem .4rem; }
.o-supported { color: var(--ok); } .o-contradicted { color: var(--bad); } .o-unsupported { color: var(--warn); } .o-error { color: var(--bad); font-weight: 600; }
main.flagged-only .claim-row:not(.flagged) { display: none; }
.record { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: .6rem 1rem; margin: .8rem 0; }
.record header { display: flex; flex-wrap: wrap; gap: .3rem .8rem; align-items: baseline; }
.record .id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.args code { word-break: break-all; }
.chart { margin: 0; } .chart svg { width: 100%; height: auto; max-height: 220px; }
.chart .grid { stroke: var(--line); } .chart .axis { fill: var(--muted); font-size: 11px; }
.chart .bar { fill: var(--bad); opacity: .35; } .chart .line { fill: none; stroke: var(--accent); stroke-width: 2; }
.chart .dot { fill: var(--accent); } .chart figcaption { font-size: 12px; color: var(--muted); }
.key { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin: 0 .2rem 0 .6rem; }
.key-score { background: var(--accent); } .key-flag { background: var(--bad); opacity: .5; }
`;
