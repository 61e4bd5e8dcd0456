import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { tinyModels } from "./tiny-models.js";

// These run the built package (`npm test` builds first): the worker thread loads dist/src/nli/worker-entry.js
// as a user's install would. Without a build they are skipped.
const INDEX = resolve("dist/src/index.js");
const EVAL = resolve("dist/scripts/eval.js");
const built = existsSync(INDEX) && existsSync(EVAL) && existsSync(resolve("dist/src/nli/worker-entry.js"));

const models = tinyModels();

describe.skipIf(!built)("tier 1 as built", () => {
  it("should never load transformers.js or onnxruntime for the core and the default tiers", () => {
    // A resolve hook that fails any import of the heavy packages, then a default verify.
    const hook = `export async function resolve(s, c, next) { if (/@huggingface\\/transformers|onnxruntime/.test(s)) throw new Error("loaded " + s); return next(s, c); }`;
    const script = `
      import { register } from "node:module";
      register("data:text/javascript," + encodeURIComponent(${JSON.stringify(hook)}));
      const { Firewall } = await import(${JSON.stringify(pathToFileURL(INDEX).href)});
      const fw = new Firewall();
      fw.record({ source: "npm_view", content: { name: "cors", versionCount: 35 } });
      const r = await fw.verify("cors has 40 published versions.");
      console.log(r.verdicts[0].verdict);`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(r.stderr).not.toMatch(/loaded/);
    expect(r.stdout.trim()).toBe("contradicted");
  });

  it("should run the NLI model and dense retrieval in the built worker thread", async () => {
    const dist = (await import(pathToFileURL(INDEX).href)) as typeof import("../../src/index.js");
    const fw = new dist.Firewall({ tiers: ["exact", "nli"], nli: { model: models.nli("dist"), embedModel: models.embed(), allowRemote: false, threads: 1 } });
    try {
      fw.record({ source: "npm_view", content: "The cors package has the mit license." });
      fw.record({ source: "npm_view", content: "cors is not deprecated." });
      const report = await fw.verify("cors has the mit license. cors is deprecated.");
      expect(report.verdicts.map((v) => `${v.verdict}/${v.tier}`)).toEqual(["supported/1", "contradicted/1"]);
    } finally {
      await fw.close();
    }
  });

  it("should evaluate with --tiers exact,nli on the model HFW_NLI_MODEL names", () => {
    const data = join(models.root, "cases.jsonl");
    const out = join(models.root, "results.json");
    const base = { dataset: "toy", task: "agent", sources: ["docs"], question: null, spans: [] };
    writeFileSync(
      data,
      [
        { ...base, id: "t1", evidence: ["The cors package has the mit license."], answer: "cors has the mit license.", label: "faithful" },
        { ...base, id: "t2", evidence: ["cors is not deprecated."], answer: "cors is deprecated.", label: "hallucinated" },
      ]
        .map((c) => JSON.stringify(c))
        .join("\n"),
    );
    const env = { ...process.env, HFW_NLI_MODEL: models.nli("eval"), HFW_EMBED_MODEL: models.embed(), HFW_OFFLINE: "1" };
    const r = spawnSync(process.execPath, [EVAL, "--data", data, "--tiers", "exact,nli", "--out", out], { encoding: "utf8", env });
    expect(r.stderr).not.toMatch(/failed/);
    expect(r.status).toBe(0);
    const results = JSON.parse(readFileSync(out, "utf8")) as {
      config: { tiers: string[] };
      cases: Array<{ id: string; flagged: boolean; claims: Array<{ tierName: string }> }>;
    };
    expect(results.config.tiers).toEqual(["exact", "nli"]);
    expect(results.cases.map((c) => [c.id, c.flagged])).toEqual([
      ["t1", false],
      ["t2", true],
    ]);
    expect(results.cases[0]!.claims[0]!.tierName).toBe("nli");
  });
});
