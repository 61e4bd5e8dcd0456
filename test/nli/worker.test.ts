import { afterAll, describe, expect, it } from "vitest";
import { createNliTier, Firewall, FirewallError, resolveNliOptions } from "../../src/index.js";
import { backendConfig } from "../../src/nli/tier-nli.js";
import { WorkerBackend } from "../../src/nli/worker-client.js";
import { tinyModels } from "./tiny-models.js";

const models = tinyModels();
const open: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const o of open) await o.close();
});

function workerBackend(maxQueue = 64): WorkerBackend {
  const backend = new WorkerBackend(
    backendConfig(resolveNliOptions({ model: models.nli("worker"), embedModel: models.embed(), allowRemote: false, threads: 1 })),
    { maxQueue },
  );
  open.push(backend);
  return backend;
}

describe("NLI worker thread", () => {
  it("should score pairs and embed texts in a worker thread, not in this one", async () => {
    const backend = workerBackend();
    expect(backend.threadId).toBeNull();
    const info = await backend.nliInfo();
    expect(info.id2label).toEqual({ 0: "contradiction", 1: "entailment", 2: "neutral" });
    expect(backend.threadId).toBeGreaterThan(0);
    const [probs] = await backend.classify(["The cors package has the mit license."], ["cors has the mit license."]);
    expect(probs![1]).toBeGreaterThan(0.95);
    const [car, automobile, tower] = await backend.embed(["the red car", "the red automobile", "the tower"]);
    const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
    expect(dot(car!, automobile!)).toBeCloseTo(1, 5);
    expect(dot(car!, tower!)).toBeLessThan(0.9);
  });

  it("should carry a ConfigError across the thread boundary", async () => {
    const backend = new WorkerBackend(backendConfig(resolveNliOptions({ model: `${models.root}/absent`, embedModel: "", allowRemote: false })));
    open.push(backend);
    const error = await backend.nliInfo().then(
      () => null,
      (e: unknown) => e,
    );
    expect(FirewallError.isInstance(error) && (error as Error).name).toBe("ConfigError");
    expect((error as Error).message).toMatch(/absent.*does not exist/);
  });

  it("should recover when the worker dies mid-request: the request runs again on a fresh thread", async () => {
    const backend = workerBackend();
    await backend.nliInfo();
    const first = backend.threadId;
    // Windowing a long passage is JavaScript work in the worker (tokenising): the thread ends mid-request
    // while ONNX Runtime is idle (ending it during an inference can abort the process, see kill()).
    const passage = Array.from({ length: 4000 }, (_, i) => `The tower ${i % 2 ? "is" : "has"} a bridge in the north of the city.`).join(" ");
    const pending = backend.windows({ claims: ["The alpha server has the gamma license."], passages: [passage], pairs: [[0, 0]] });
    expect(backend.inFlightOps).toEqual(["windows"]);
    await backend.kill();
    const [w] = await pending;
    expect("spans" in w! && w.spans.length).toBeGreaterThan(0);
    expect(backend.restarts).toBe(1);
    expect(backend.threadId).not.toBe(first);
  });

  it("should keep verifying through a Firewall after its worker was killed between verifies", async () => {
    const tier = createNliTier({ model: models.nli("worker"), embedModel: "", allowRemote: false, threads: 1 });
    open.push(tier);
    const fw = new Firewall({ tiers: ["exact", tier] });
    fw.record({ source: "npm_view", content: "The cors package has the mit license." });
    fw.record({ source: "npm_view", content: "cors is not deprecated." });
    const before = await fw.verify("cors has the mit license. cors is deprecated.");
    expect(before.verdicts.map((v) => v.verdict)).toEqual(["supported", "contradicted"]);
    await (tier.backend as WorkerBackend).kill();
    fw.record({ source: "npm_view", content: "The express server has the apache license." });
    const after = await fw.verify("express has the apache license.");
    expect(after.verdicts[0]).toMatchObject({ verdict: "supported", tier: 1 });
    expect(tier.cache.stats.misses).toBeGreaterThan(0);
  });

  it("should recover when the worker dies in the middle of a verify: the report is the same as without the crash", async () => {
    const tier = createNliTier({ model: models.nli("worker"), embedModel: "", allowRemote: false, threads: 1 });
    open.push(tier);
    await tier.ready();
    const backend = tier.backend as WorkerBackend;
    const fw = new Firewall({ tiers: ["exact", tier] });
    fw.record({ source: "npm_view", content: "The cors package has the mit license." });
    fw.record({ source: "npm_view", content: "cors is not deprecated." });
    // The verify's first request is windowing (JavaScript work): the thread is ended right after that request
    // is sent, so it dies mid-verify with ONNX Runtime idle (ending it during an inference can abort the
    // process, see `kill`). Waiting to see the request in flight would race the thread's answer.
    const windows = backend.windows.bind(backend);
    let killing: Promise<void> | undefined;
    backend.windows = (request) => {
      const answer = windows(request);
      killing ??= backend.kill();
      return answer;
    };
    const report = await fw.verify("cors has the mit license. cors is deprecated.");
    await killing;
    expect(backend.restarts).toBe(1);
    expect(report.verdicts.map((v) => `${v.verdict}/${v.tier}`)).toEqual(["supported/1", "contradicted/1"]);
  });

  it("should refuse requests beyond the bounded queue, and answer the rest", async () => {
    const backend = workerBackend(2);
    const calls = Array.from({ length: 5 }, () => backend.classify(["The cors package has the mit license."], ["cors has the mit license."]));
    const settled = await Promise.allSettled(calls);
    const refused = settled.filter((s) => s.status === "rejected");
    expect(refused).toHaveLength(3);
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(/queue is full \(2 requests waiting\)/);
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(2);
  });
});
