/**
 * Shared pieces of the telemetry tests: the npm-registry evidence and draft of the README example (copied
 * into test/fixtures/otel), and readers of finished spans and exported metrics.
 */
import { readFileSync } from "node:fs";
import type { Attributes } from "@opentelemetry/api";
import type { InMemoryMetricExporter } from "@opentelemetry/sdk-metrics";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { MockLanguageModelV3 } from "ai/test";
import { Firewall, type FirewallOptions, type RecordInput } from "../../src/index.js";

const fixture = (name: string) => readFileSync(new URL(`../fixtures/otel/${name}`, import.meta.url), "utf8");

/** Three `npm view` outputs (cors, commander, moment), as the agent of the README example fetched them. */
export const EVIDENCE: RecordInput[] = fixture("npm-view.jsonl")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as RecordInput);

/**
 * The README example's draft: one claim decided by tier 1 (lexical), two contradicted by tier 0 with
 * corrections, one supported, two not checkable.
 */
export const DRAFT = fixture("draft.md");

/** A firewall with the example's evidence recorded in its default session. */
export function firewallWithEvidence(options: FirewallOptions = {}): Firewall {
  const fw = new Firewall(options);
  for (const e of EVIDENCE) fw.record(e);
  return fw;
}

export function byName(spans: ReadableSpan[], name: string): ReadableSpan[] {
  return spans.filter((s) => s.name === name);
}

export function one(spans: ReadableSpan[], name: string): ReadableSpan {
  const found = byName(spans, name);
  if (found.length !== 1) throw new Error(`expected one ${name} span, found ${found.length}: ${spans.map((s) => s.name).join(", ")}`);
  return found[0]!;
}

export function parentId(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

/** Every data point of a metric, exported by an in-memory exporter (cumulative). */
export function points(exporter: InMemoryMetricExporter, name: string): Array<{ attributes: Attributes; value: number; count?: number }> {
  const latest = exporter.getMetrics().at(-1);
  const out: Array<{ attributes: Attributes; value: number; count?: number }> = [];
  for (const sm of latest?.scopeMetrics ?? []) {
    for (const m of sm.metrics) {
      if (m.descriptor.name !== name) continue;
      for (const p of m.dataPoints) {
        const v = p.value as number | { sum?: number; count: number };
        out.push(typeof v === "number" ? { attributes: p.attributes, value: v } : { attributes: p.attributes, value: v.sum ?? 0, count: v.count });
      }
    }
  }
  return out;
}

/** The cors evidence and draft used with the LLM judge: c3 and c5 are left to the judge by tier 1. */
export const CORS_VIEW = {
  name: "cors",
  versionCount: 35,
  license: "MIT",
  description: "Node.js CORS middleware",
  author: "Troy Goode",
  dependencies: { vary: "^1", "object-assign": "^4" },
};
export const CORS_DOCS = "The cors package lets Express servers answer cross-origin requests. It was first released in 2013 and is maintained by Troy Goode.";
export const JUDGE_DRAFT =
  "The registry lists 40 published versions of cors. cors is distributed under the MIT license. " +
  "Express apps can use cors to reply to requests from other origins. cors was rewritten in Rust in 2020. " +
  "cors has no known security issues. Troy Goode maintains cors.";

/**
 * A judge model: the AI SDK's own mock, answering the judge's structured prompt as a model would. Claims
 * about Express are supported with a quote from the docs; anything else is unsupported. Each call reports
 * 900 prompt and 120 completion tokens.
 */
export function judgeModel(): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: "mock-provider",
    modelId: "mock-judge-1",
    doGenerate: async (options) => {
      const first = options.prompt.find((m) => m.role === "user")!.content as Array<{ text?: string }>;
      const data = JSON.parse(/<data>\n([\s\S]*)\n<\/data>/.exec(first.map((p) => p.text ?? "").join(""))![1]!) as {
        claims: Array<{ id: string; claim: string }>;
      };
      const verdicts = data.claims.map((c) =>
        /Express/.test(c.claim)
          ? { claim: c.id, verdict: "supported", quote: "lets Express servers answer cross-origin requests", rationale: "the docs say so" }
          : { claim: c.id, verdict: "unsupported", quote: "", rationale: "no tool result says so" },
      );
      return {
        content: [{ type: "text", text: JSON.stringify({ verdicts }) }],
        finishReason: { unified: "stop", raw: undefined },
        usage: {
          inputTokens: { total: 900, noCache: 900, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: 120, text: 120, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
}
