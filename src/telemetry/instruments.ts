/**
 * The tracer and the metric instruments, looked up through `@opentelemetry/api` only. With no SDK registered
 * they are the API's no-ops. Instruments are rebuilt when the global meter provider changes: the metrics API
 * has no proxy, so instruments made before an SDK starts would stay no-ops for good.
 */
import { metrics, trace, type Counter, type Histogram, type MeterProvider, type Tracer, type TracerProvider } from "@opentelemetry/api";
import { METRIC, SCOPE } from "./names.js";

/** Bucket bounds of the duration histograms, seconds: 0.1 ms to 10 s (a tier runs in ms; a judge in s). */
const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Bucket bounds of the token-usage histogram, the GenAI convention's advice. */
const TOKEN_BUCKETS = [1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];

export interface Instruments {
  /** Claims by `hfw.verdict` and deciding `hfw.tier` (-1: no tier decided). */
  claims: Counter;
  /** Verified answers by `hfw.decision`. */
  responses: Counter;
  /** Wall time of a verify call, seconds. */
  verifyDuration: Histogram;
  /** Wall time of one tier over its batch of claims, seconds, by `hfw.tier` and `hfw.tier.name`. */
  tierDuration: Histogram;
  /** Evidence records added, by `gen_ai.tool.name` (the source). */
  evidenceRecords: Counter;
  /** Evidence text added, bytes (UTF-8). */
  evidenceSize: Counter;
  /** Tokens of model calls (judge, LLM extractor), by `gen_ai.token.type` and model (GenAI convention). */
  tokenUsage: Histogram;
  /** Cost of model calls, US dollars (calls whose model has a price). */
  cost: Counter;
}

let tracerProvider: TracerProvider | undefined;
let tracer: Tracer | undefined;
let meterProvider: MeterProvider | undefined;
let instruments: Instruments | undefined;

/** The firewall's tracer from the current global tracer provider. */
export function getTracer(): Tracer {
  const provider = trace.getTracerProvider();
  if (provider !== tracerProvider || !tracer) {
    tracerProvider = provider;
    tracer = provider.getTracer(SCOPE);
  }
  return tracer;
}

/** The firewall's metric instruments from the current global meter provider. */
export function getInstruments(): Instruments {
  const provider = metrics.getMeterProvider();
  if (provider !== meterProvider || !instruments) {
    meterProvider = provider;
    const meter = provider.getMeter(SCOPE);
    instruments = {
      claims: meter.createCounter(METRIC.claims, { description: "Claims verified, by verdict and deciding tier", unit: "{claim}" }),
      responses: meter.createCounter(METRIC.responses, { description: "Answers verified, by decision (pass, annotate, rewrite, block)", unit: "{response}" }),
      verifyDuration: meter.createHistogram(METRIC.verifyDuration, {
        description: "Wall time of one verify call",
        unit: "s",
        advice: { explicitBucketBoundaries: DURATION_BUCKETS },
      }),
      tierDuration: meter.createHistogram(METRIC.tierDuration, {
        description: "Wall time of one tier over its claims",
        unit: "s",
        advice: { explicitBucketBoundaries: DURATION_BUCKETS },
      }),
      evidenceRecords: meter.createCounter(METRIC.evidenceRecords, { description: "Tool outputs recorded as evidence", unit: "{record}" }),
      evidenceSize: meter.createCounter(METRIC.evidenceSize, { description: "Evidence text recorded", unit: "By" }),
      tokenUsage: meter.createHistogram(METRIC.tokenUsage, {
        description: "Tokens of the firewall's model calls (LLM judge, LLM claim extractor)",
        unit: "{token}",
        advice: { explicitBucketBoundaries: TOKEN_BUCKETS },
      }),
      cost: meter.createCounter(METRIC.cost, { description: "Cost of the firewall's model calls, US dollars", unit: "{USD}" }),
    };
  }
  return instruments;
}
