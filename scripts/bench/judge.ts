/**
 * Bench of the LLM judge and the LLM claim extractor: what the firewall adds around a model call, with the
 * model taken out (the AI SDK's mock model answers at once), so that the figures are the firewall's own
 * cost. A real model adds its latency on top: calls run `concurrency` at a time.
 *
 * `node dist/scripts/bench/judge.js` prints the Markdown table; `run()` returns it (for `npm run bench`).
 * Figures are medians of 15 rounds after 3 warm-up calls; the variants compared run in turn within each round.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { MockLanguageModelV3 } from "ai/test";
import { createLlmExtractor, createRuleExtractor, EvidenceLedger, Firewall, type JudgeOptions } from "../../src/index.js";
import { locateQuote } from "../../src/judge/quote-check.js";
import { median } from "./stats.js";

const RUNS = 7;
const PACKAGES = 40;

/** A signed difference: "+2.70" or "-0.25" (a negative one is run-to-run noise). */
function signed(x: number, digits = 2): string {
  return `${x >= 0 ? "+" : "-"}${Math.abs(x).toFixed(digits)}`;
}

async function time(fn: () => Promise<unknown> | unknown, runs = RUNS): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const usage = {
  inputTokens: { total: 800, noCache: 800, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 90, text: 90, reasoning: undefined },
};

/** A model that answers at once: each claim supported by the first line of its first passage. */
function instantJudge(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    modelId: "bench-judge",
    doGenerate: async (options) => {
      const user = options.prompt.find((m) => m.role === "user")!.content as Array<{ text: string }>;
      const data = JSON.parse(/<data>\n([\s\S]*)\n<\/data>/.exec(user[0]!.text)![1]!) as {
        evidence: Array<{ id: string; text: string }>;
        claims: Array<{ id: string; evidence: string[] }>;
      };
      const verdicts = data.claims.map((c) => {
        const first = data.evidence.find((e) => e.id === c.evidence[0]);
        return { claim: c.id, verdict: first ? "supported" : "unsupported", quote: first ? first.text.split("\n")[0]! : "", rationale: "bench" };
      });
      return { content: [{ type: "text", text: JSON.stringify({ verdicts }) }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
    },
  });
}

/** A model that returns each sentence of its draft window as one claim. */
function instantExtractor(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    modelId: "bench-extractor",
    doGenerate: async (options) => {
      const user = options.prompt.find((m) => m.role === "user")!.content as Array<{ text: string }>;
      const draft = (JSON.parse(/<data>\n([\s\S]*)\n<\/data>/.exec(user[0]!.text)![1]!) as { draft: string }).draft;
      const claims = draft.split(/(?<=\.)\s+/).map((s) => ({ text: s.replace(/^It /, "The package "), kind: "factual", source: s }));
      return { content: [{ type: "text", text: JSON.stringify({ claims }) }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] };
    },
  });
}

function record(fw: Firewall): void {
  for (let i = 0; i < PACKAGES; i++) {
    fw.record({
      source: "npm_view",
      content: {
        name: `pkg-${i}`,
        version: `1.${i}.0`,
        license: i % 3 ? "MIT" : "ISC",
        versionCount: 10 + i,
        description: `Parser number ${i} for streaming JSON`,
      },
    });
    fw.record({
      source: "docs",
      content: `pkg-${i} lets servers parse streaming JSON without buffering the whole body. Its maintainers release a minor version every few months.`,
    });
  }
}

/** Claims the lexical tier decides with middling confidence: paraphrases the judge reviews. */
function draft(claims: number): string {
  return Array.from({ length: claims }, (_, i) => `Servers can use pkg-${i % PACKAGES} to read JSON streams without holding the full body in memory.`).join(
    " ",
  );
}

/** Medians of several functions timed in turn, round after round, so that machine load hits them alike. */
async function interleaved(fns: Array<() => Promise<unknown>>, rounds = 15): Promise<number[]> {
  for (const fn of fns) for (let i = 0; i < 3; i++) await fn();
  const times: number[][] = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      times[i]!.push(performance.now() - t0);
    }
  }
  return times.map(median);
}

async function judgeRows(): Promise<string[]> {
  const rows: string[] = [];
  for (const claims of [5, 20]) {
    const text = draft(claims);
    const base = new Firewall();
    record(base);
    const judged = (options: JudgeOptions) => {
      const fw = new Firewall({ judge: { reviewBelow: 1, ...options } });
      record(fw);
      return fw;
    };
    const fresh = judged({ model: instantJudge(), cache: false });
    const cachedFw = judged({ model: instantJudge() });
    const report = await fresh.verify(text);
    const [offline, withJudge, cached] = await interleaved([() => base.verify(text), () => fresh.verify(text), () => cachedFw.verify(text)]);
    const sent = report.llm!.calls.reduce((s, c) => s + c.claimIds.length, 0);
    const calls = report.llm!.calls.length;
    rows.push(`| verify, tiers 0 + 1 (no judge) | ${claims} claims | ${offline!.toFixed(1)} ms | |`);
    rows.push(
      `| verify with the judge, model answering at once | ${claims} claims, ${sent} judged in ${calls} call(s) | ${withJudge!.toFixed(1)} ms | ${signed((withJudge! - offline!) / sent)} ms per judged claim |`,
    );
    rows.push(
      `| verify with the judge, every answer cached | ${claims} claims | ${cached!.toFixed(1)} ms | ${signed((cached! - offline!) / sent)} ms per judged claim |`,
    );
  }
  return rows;
}

async function quoteRows(): Promise<string[]> {
  const ledger = new EvidenceLedger();
  for (let i = 0; i < 200; i++)
    ledger.record({ source: "docs", content: `Record ${i}. ${"Streaming parsers read JSON in chunks and emit values as they complete. ".repeat(140)}` });
  const bytes = ledger.bytes;
  const hit = await time(() => locateQuote("Streaming parsers read JSON in chunks", [], ledger), 21);
  const miss = await time(() => locateQuote("Streaming parsers read YAML in chunks", [], ledger), 21);
  return [
    `| quote check, found in the first record | ${(bytes / 1e6).toFixed(1)} MB ledger | ${hit.toFixed(3)} ms | |`,
    `| quote check, not in the ledger (reads every record) | ${(bytes / 1e6).toFixed(1)} MB ledger | ${miss.toFixed(1)} ms | ${(bytes / 1e6 / (miss / 1000)).toFixed(0)} MB/s |`,
  ];
}

async function extractorRows(): Promise<string[]> {
  const sentences = Array.from({ length: 40 }, (_, i) =>
    i % 2 ? `It has ${10 + i} published versions and an ISC license.` : `The package pkg-${i} parses streaming JSON for servers.`,
  );
  const text = sentences.join(" ");
  const rules = createRuleExtractor();
  const llm = createLlmExtractor({ model: instantExtractor(), cache: false });
  const [rulesMs, llmMs] = (await interleaved([() => rules.extract(text), () => llm.extract(text)])) as [number, number];
  return [
    `| claim extraction, rules | 40 sentences (${text.length} chars) | ${rulesMs.toFixed(1)} ms | |`,
    `| claim extraction, LLM (model answering at once) + alignment | 40 sentences | ${llmMs.toFixed(1)} ms | ${signed(llmMs - rulesMs, 1)} ms |`,
  ];
}

function coldImportRow(): string {
  const ms: number[] = [];
  for (let i = 0; i < 3; i++) {
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", "const t = performance.now(); await import('ai'); process.stdout.write(String(performance.now() - t));"],
      { encoding: "utf8" },
    );
    ms.push(Number(out));
  }
  return `| first judge call: cold import of \`ai\` (once per process; median of 3) | | ${median(ms).toFixed(0)} ms | |`;
}

/** @returns the Markdown table of medians. */
export async function run(): Promise<string> {
  const rows = [...(await judgeRows()), ...(await extractorRows()), ...(await quoteRows()), coldImportRow()];
  return [
    `### LLM judge and extractor overhead (Node ${process.version}; medians of 15 interleaved rounds; the model itself is not timed)`,
    "",
    "| what | size | median | added |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.stdout.write(`${await run()}\n`);
}
