/**
 * Verdicts on the benchmark's large ledger (1,000 tool outputs): the eval's labelled data has small ledgers,
 * so this is where retrieval noise from many similar records shows. 300 claims about random packages, each
 * labelled by the generator (true, a planted wrong figure or version, an invention, a figure the package's
 * output does not state), verified in drafts of 20. Runnable alone: `node dist/scripts/bench/verdicts.js`.
 */
import { pathToFileURL } from "node:url";
import { Firewall } from "../../src/index.js";
import { mulberry32 } from "../eval/sample.js";
import { makeOutput, makePackage, type Pkg } from "./synthetic-ledger.js";

const SEED = 20250601;

interface LabelledClaim {
  kind: string;
  text: string;
  expected: "supported" | "contradicted" | "unsupported";
  /** The right value, for a planted wrong one. */
  correction?: string;
}

/** Package i's output is JSON when i is even (as `makeOutput` is called below), prose otherwise. */
function claimsAbout(r: () => number, pkgs: Pkg[], n: number): LabelledClaim[] {
  const out: LabelledClaim[] = [];
  for (let k = 0; k < n; k++) {
    const i = Math.floor(r() * pkgs.length);
    const p = pkgs[i]!;
    const roll = r();
    if (roll < 0.15) out.push({ kind: "dependency count", text: `${p.name} has ${p.deps} dependencies.`, expected: "supported" });
    else if (roll < 0.25)
      out.push({ kind: "dependency count, wrong", text: `${p.name} has ${p.deps + 3} dependencies.`, expected: "contradicted", correction: String(p.deps) });
    else if (roll < 0.35) out.push({ kind: "version count", text: `${p.name} has ${p.versions} published versions.`, expected: "supported" });
    else if (roll < 0.45)
      out.push({
        kind: "version count, wrong",
        text: `${p.name} has ${p.versions + 7} published versions.`,
        expected: "contradicted",
        correction: String(p.versions),
      });
    else if (roll < 0.55) out.push({ kind: "license", text: `${p.name} is released under the ${p.license} license.`, expected: "supported" });
    else if (roll < 0.65) out.push({ kind: "latest version", text: `The latest version of ${p.name} is ${p.version}.`, expected: "supported" });
    else if (roll < 0.75) {
      const wrong = p.version.replace(/^\d+/, (m) => String(Number(m) + 1));
      out.push({ kind: "latest version, wrong", text: `The latest version of ${p.name} is ${wrong}.`, expected: "contradicted", correction: p.version });
    } else if (roll < 0.85)
      out.push({ kind: "invented fact", text: `${p.name} was rewritten in Rust last year by its original author.`, expected: "unsupported" });
    // Only the JSON records state the unpacked size.
    else
      out.push({
        kind: i % 2 === 0 ? "unpacked size (JSON output)" : "unpacked size (prose output, states none)",
        text: `${p.name} needs about ${(p.size / 1000).toFixed(1)} MB once unpacked.`,
        expected: i % 2 === 0 ? "supported" : "unsupported",
      });
  }
  return out;
}

export async function run(): Promise<string> {
  const r = mulberry32(SEED + 7);
  const pkgs = Array.from({ length: 1000 }, (_, i) => makePackage(r, i));
  const fw = new Firewall();
  pkgs.forEach((p, i) =>
    fw.record({ source: i % 2 === 0 ? "npm_view" : "doc_search", content: makeOutput(r, p, 1024 + Math.floor(r() * 9 * 1024), i % 2 === 0) }),
  );
  const claims = claimsAbout(r, pkgs, 300);
  const rows = new Map<string, { expected: string; n: number; ok: number; other: Map<string, number> }>();
  let rightFix = 0;
  let wrongFix = 0;
  for (let k = 0; k < claims.length; k += 20) {
    const batch = claims.slice(k, k + 20);
    const report = await fw.verify(batch.map((c) => c.text).join(" "));
    if (report.verdicts.length !== batch.length) throw new Error(`expected ${batch.length} claims, got ${report.verdicts.length}`);
    report.verdicts.forEach((v, j) => {
      const c = batch[j]!;
      const row = rows.get(c.kind) ?? { expected: c.expected, n: 0, ok: 0, other: new Map<string, number>() };
      row.n++;
      if (v.verdict === c.expected) row.ok++;
      else row.other.set(v.verdict, (row.other.get(v.verdict) ?? 0) + 1);
      rows.set(c.kind, row);
      if (process.env.HFW_BENCH_VERBOSE && v.verdict !== c.expected)
        console.error(`${c.expected} -> ${v.verdict}: ${c.text} (${v.trace.map((t) => t.note).join("; ")})`);
      for (const fix of v.corrections) {
        if (fix.value === c.correction) rightFix++;
        else wrongFix++;
      }
    });
  }
  const lines = [
    "## Verdicts on the large ledger (300 labelled claims against 1,000 outputs, tiers 0 + lexical)",
    "",
    "| claim | expected | claims | as expected | otherwise |",
    "|---|---|---|---|---|",
  ];
  let ok = 0;
  for (const [kind, row] of [...rows].sort()) {
    ok += row.ok;
    const other = [...row.other].map(([v, n]) => `${v} ${n}`).join(", ") || "-";
    lines.push(`| ${kind} | ${row.expected} | ${row.n} | ${row.ok} | ${other} |`);
  }
  lines.push(
    "",
    `As expected: ${ok} of ${claims.length} (${((100 * ok) / claims.length).toFixed(1)}%). Corrections: ${rightFix} with the package's own value, ${wrongFix} with another value.`,
  );
  return lines.join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) console.log(await run());
