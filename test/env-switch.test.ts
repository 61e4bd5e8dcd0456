import { describe, expect, it } from "vitest";
import { envSwitch } from "../src/env-switch.js";
import { cliExporter } from "../src/cli/telemetry.js";
import { resolveNliOptions } from "../src/nli/options.js";
import { redactFromEnv } from "../src/store/redact.js";

describe("envSwitch", () => {
  it.each([
    ["1", true],
    ["true", true],
    [" YES ", true],
    ["on", true],
    ["0", false],
    ["False", false],
    ["no", false],
    ["off", false],
    [undefined, undefined],
    ["", undefined],
    ["  ", undefined],
    ["maybe", undefined],
  ])("should read %j as %j", (value, expected) => {
    expect(envSwitch(value)).toBe(expected);
  });

  it.each(["1", "true", "yes", "on"])("should mean the same to HFW_REDACT, HFW_OTEL and HFW_OFFLINE for %j", (value) => {
    expect(redactFromEnv({ HFW_REDACT: value })).toBe(true);
    expect(cliExporter({ HFW_OTEL: value })).toBe("otlp");
    const before = process.env.HFW_OFFLINE;
    process.env.HFW_OFFLINE = value;
    try {
      expect(resolveNliOptions().allowRemote).toBe(false);
    } finally {
      if (before === undefined) delete process.env.HFW_OFFLINE;
      else process.env.HFW_OFFLINE = before;
    }
  });
});
