/**
 * When the CLI turns export on, what it asks of `setupTracing`, and what happens when the SDK is missing.
 */
import { describe, expect, it } from "vitest";
import { cliExporter, startCliTelemetry } from "../../src/cli/telemetry.js";

describe("cliExporter", () => {
  it.each([
    [{}, undefined],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "http://localhost:4318" }, "otlp"],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://localhost:4318/v1/traces" }, "otlp"],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "  " }, undefined],
    [{ HFW_OTEL: "1" }, "otlp"],
    [{ HFW_OTEL: "true" }, "otlp"],
    [{ HFW_OTEL: "0", OTEL_EXPORTER_OTLP_ENDPOINT: "http://localhost:4318" }, undefined],
    [{ HFW_OTEL: "off" }, undefined],
  ])("should read %j as %s", (env, expected) => {
    expect(cliExporter(env)).toBe(expected);
  });
});

describe("startCliTelemetry", () => {
  it("should not load the SDK when export is off", async () => {
    let loaded = false;
    const t = await startCliTelemetry(
      {},
      () => {},
      async () => {
        loaded = true;
        throw new Error("not expected");
      },
    );
    expect(loaded).toBe(false);
    expect(await t.run("x", async () => 42)).toBe(42);
  });

  it("should warn once and run the command untraced when the SDK packages are missing", async () => {
    const warnings: string[] = [];
    const missing = Object.assign(new Error("Cannot find package '@opentelemetry/sdk-node'"), { code: "ERR_MODULE_NOT_FOUND" });
    const t = await startCliTelemetry(
      { HFW_OTEL: "1" },
      (m) => warnings.push(m),
      () => Promise.reject(missing),
    );
    expect(await t.run("hfw.cli.verify", async () => "report")).toBe("report");
    await t.shutdown();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("tracing is off");
    expect(warnings[0]).toContain("@opentelemetry/sdk-node");
  });

  it("should ask for OTLP as service 'hfw' with a 3 s export timeout, unless the environment names them", async () => {
    const calls: unknown[] = [];
    const load = async () => ({
      setupTracing: (options: unknown) => {
        calls.push(options);
        return { shutdown: async () => {} };
      },
    });
    await startCliTelemetry({ HFW_OTEL: "1" }, () => {}, load);
    await startCliTelemetry({ HFW_OTEL: "1", OTEL_SERVICE_NAME: "my-agent", OTEL_EXPORTER_OTLP_TIMEOUT: "10000" }, () => {}, load);
    expect(calls).toEqual([{ exporter: "otlp", serviceName: "hfw", exportTimeoutMs: 3000 }, { exporter: "otlp" }]);
  });
});
