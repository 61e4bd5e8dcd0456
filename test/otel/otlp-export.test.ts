/**
 * A real export: `setupTracing({ exporter: "otlp" })` and the `hfw` CLI send OTLP/HTTP to a receiver on
 * 127.0.0.1 that decodes the payloads (otlp-receiver.ts). No Jaeger or Collector binary installs on this
 * machine, so the receiver stands in for one. Run `npm run build` first for the CLI tests (`npm test` does).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CALIBRATION_TABLE, calibrate } from "../../src/index.js";
import { setupTracing } from "../../otel/index.js";
import { DRAFT, firewallWithEvidence } from "./helpers.js";
import { startReceiver, type ReceivedSpan, type Receiver } from "./otlp-receiver.js";

let receiver: Receiver;

beforeEach(async () => {
  receiver = await startReceiver();
});

afterEach(async () => {
  await receiver.close();
});

function only(spans: ReceivedSpan[], name: string): ReceivedSpan {
  const found = spans.filter((s) => s.name === name);
  expect(found, name).toHaveLength(1);
  return found[0]!;
}

describe("setupTracing with the OTLP/HTTP exporter", () => {
  it("should deliver the span tree with its attributes, the verdict events as logs, and the metrics", async () => {
    const tracing = setupTracing({ serviceName: "npm-audit-agent", exporter: "otlp", endpoint: receiver.url, headers: { "x-honeycomb-team": "test-key" } });
    try {
      const report = await firewallWithEvidence({ sessionId: "conv-42" }).verify(DRAFT);
      expect(report.decision).toBe("rewrite");
    } finally {
      await tracing.shutdown();
    }

    const verify = only(receiver.spans, "hfw.verify");
    expect(verify.scope).toBe("hallucination-firewall");
    expect(verify.resource["service.name"]).toBe("npm-audit-agent");
    expect(verify.attributes).toMatchObject({
      "gen_ai.conversation.id": "conv-42",
      "hfw.response.id": "r1",
      "hfw.claims.count": 6,
      "hfw.claims.contradicted": 2,
      "hfw.claims.supported": 2,
      "hfw.grounding_score": 0.5,
      "hfw.decision": "rewrite",
      "hfw.tiers": ["0:exact", "1:lexical"],
    });
    for (const name of ["hfw.extract", "hfw.retrieve", "hfw.tier.0", "hfw.tier.1", "hfw.policy"]) {
      const child = only(receiver.spans, name);
      expect(child.parentSpanId, name).toBe(verify.spanId);
      expect(child.traceId).toBe(verify.traceId);
    }
    const tier0 = only(receiver.spans, "hfw.tier.0");
    const events = tier0.events.filter((e) => e.name === "gen_ai.evaluation.result");
    expect(
      events.map((e) => [e.attributes["hfw.claim.id"], e.attributes["gen_ai.evaluation.score.label"], e.attributes["gen_ai.evaluation.score.value"]]),
    ).toEqual([
      // The event's score is the verdict's confidence: tier 0's raw 0.92, calibrated.
      ["r1.c4", "contradicted", calibrate(CALIBRATION_TABLE, "exact", "contradicted", 0.92)],
      ["r1.c5", "contradicted", calibrate(CALIBRATION_TABLE, "exact", "contradicted", 0.92)],
    ]);

    expect(receiver.logs).toHaveLength(6);
    const logOfC4 = receiver.logs.find((l) => l.attributes["hfw.claim.id"] === "r1.c4")!;
    expect(logOfC4).toMatchObject({ eventName: "gen_ai.evaluation.result", spanId: tier0.spanId, traceId: tier0.traceId });
    expect(logOfC4.attributes).toMatchObject({
      "gen_ai.evaluation.name": "hfw.groundedness",
      "gen_ai.conversation.id": "conv-42",
      "hfw.response.id": "r1",
      "hfw.tier": 0,
    });

    const claims = receiver.metrics.filter((m) => m.name === "hfw.claims").flatMap((m) => m.points);
    expect(claims.find((p) => p.attributes["hfw.verdict"] === "contradicted" && p.attributes["hfw.tier"] === 0)?.value).toBe(2);
    const tierTime = receiver.metrics.find((m) => m.name === "hfw.tier.duration")!;
    expect(tierTime.unit).toBe("s");
    expect(tierTime.points.map((p) => p.count).sort()).toEqual([1, 1]);

    const paths = new Set(receiver.headers.map((h) => h.path));
    expect(paths).toEqual(new Set(["/v1/traces", "/v1/logs", "/v1/metrics"]));
    for (const h of receiver.headers) expect(h.headers["x-honeycomb-team"]).toBe("test-key");
  });

  it("should read the endpoint and headers from the standard OTEL_* variables", async () => {
    const saved = { ...process.env };
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    process.env.OTEL_EXPORTER_OTLP_HEADERS = "x-honeycomb-team=from-env";
    process.env.OTEL_SERVICE_NAME = "env-named-agent";
    process.env.OTEL_METRICS_EXPORTER = "none";
    try {
      const tracing = setupTracing({ exporter: "otlp" });
      await firewallWithEvidence().verify("cors declares 2 runtime dependencies.");
      await tracing.shutdown();
    } finally {
      process.env = saved;
    }
    const verify = only(receiver.spans, "hfw.verify");
    expect(verify.resource["service.name"]).toBe("env-named-agent");
    expect(verify.attributes["hfw.decision"]).toBe("pass");
    expect(receiver.headers.every((h) => h.headers["x-honeycomb-team"] === "from-env")).toBe(true);
    expect(receiver.metrics).toHaveLength(0);
  });
});

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("OTEL_") && !k.startsWith("HFW_")));
  // A loaded machine may take past the progress threshold: these tests read stderr for telemetry messages only.
  const child = spawn(process.execPath, [cli, ...args], { cwd: root, env: { ...clean, HFW_PROGRESS_AFTER_MS: "86400000", ...env } });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr })));
}

const ARGS = ["verify", "--evidence", "test/fixtures/otel/npm-view.jsonl", "--draft", "test/fixtures/otel/draft.md"];

describe.runIf(existsSync(cli))("hfw verify exporting its spans", () => {
  it("should send a trace when OTEL_EXPORTER_OTLP_ENDPOINT is set", async () => {
    const r = await runCli(ARGS, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const cliSpan = only(receiver.spans, "hfw.cli.verify");
    const verify = only(receiver.spans, "hfw.verify");
    expect(verify.parentSpanId).toBe(cliSpan.spanId);
    expect(verify.resource["service.name"]).toBe("hfw");
    expect(verify.attributes["hfw.decision"]).toBe("rewrite");
    expect(cliSpan.events.filter((e) => e.name === "hfw.evidence.recorded")).toHaveLength(3);
    expect(receiver.logs.filter((l) => l.eventName === "gen_ai.evaluation.result")).toHaveLength(6);
  });

  it("should send to the default endpoint's path on HFW_OTEL=1 with OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", async () => {
    const r = await runCli(ARGS, {
      HFW_OTEL: "1",
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
      OTEL_METRICS_EXPORTER: "none",
      OTEL_LOGS_EXPORTER: "none",
    });
    expect(r.code).toBe(0);
    expect(only(receiver.spans, "hfw.verify").attributes["hfw.claims.count"]).toBe(6);
  });

  it("should not export with HFW_OTEL=0, and should say so once when no collector listens", async () => {
    const off = await runCli(ARGS, { HFW_OTEL: "0", OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    expect(off.code).toBe(0);
    expect(receiver.headers).toHaveLength(0);
    await receiver.close();
    const down = await runCli(ARGS, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url });
    receiver = await startReceiver();
    expect(down.code).toBe(0);
    expect(down.stdout).toContain("decision: rewrite");
    expect(down.stderr.trim().split("\n")).toHaveLength(1);
    expect(down.stderr).toMatch(/^hfw: telemetry was not exported: .*ECONNREFUSED/);
  });
});
