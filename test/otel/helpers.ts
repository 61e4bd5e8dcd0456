/**
 * Shared pieces of the telemetry tests: the npm-registry evidence and draft of the README example (copied
 * into test/fixtures/otel), and readers of finished spans and exported metrics.
 */
import { readFileSync } from "node:fs";
import type { Attributes } from "@opentelemetry/api";
import type { InMemoryMetricExporter } from "@opentelemetry/sdk-metrics";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
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
