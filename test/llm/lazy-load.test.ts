import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const PROBE = join(ROOT, "test/fixtures/llm/load-probe.ts");

/**
 * A resolve hook (registered in the child) that logs every import of an optional heavy part (the AI SDK,
 * LangChain, transformers.js, onnxruntime, the OpenTelemetry SDK, SQLite, Express) to HFW_LOAD_LOG.
 */
const HOOK = `data:text/javascript,${encodeURIComponent(`
import { appendFileSync } from "node:fs";
export async function resolve(specifier, context, next) {
  if (/^(?:ai|better-sqlite3|express|helmet|langchain|onnxruntime-node)(?:\\/|$)|^@(?:langchain|huggingface|ai-sdk)\\/|^@opentelemetry\\/(?:sdk|exporter)/.test(specifier)) appendFileSync(process.env.HFW_LOAD_LOG, specifier + "\\n");
  return next(specifier, context);
}`)}`;
const REGISTER = `data:text/javascript,${encodeURIComponent(`import { register } from "node:module"; register(${JSON.stringify(HOOK)});`)}`;

function run(mode: string): { out: string; loaded: string[] } {
  const log = join(mkdtempSync(join(tmpdir(), "hfw-load-")), "ai.log");
  const out = execFileSync(process.execPath, ["--import", REGISTER, "--import", "tsx", PROBE, mode], {
    cwd: ROOT,
    env: { ...process.env, HFW_LOAD_LOG: log },
    encoding: "utf8",
  });
  return { out: out.trim(), loaded: existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [] };
}

describe("loading the AI SDK", () => {
  it("should import no optional part (ai, LangChain, transformers.js, the OpenTelemetry SDK, SQLite, Express) when only the offline tiers run", () => {
    const { out, loaded } = run("offline");
    expect(out).toBe("contradicted");
    expect(loaded).toEqual([]);
  }, 60_000);

  it("should import ai when the judge needs it (the probe sees it)", () => {
    const { out, loaded } = run("judge");
    expect(out).toBe("contradicted");
    expect(loaded).toContain("ai");
  }, 60_000);
});
