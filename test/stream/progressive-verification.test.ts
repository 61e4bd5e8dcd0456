/**
 * Progressive verification of a streaming answer: units are verified and released as the next begins, and
 * the released text and stored report equal those of a whole-answer verify of the same draft, however the
 * draft is cut into chunks.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DraftError, Firewall, FirewallError, type Report, type Strictness } from "../../src/index.js";
import { parseAgentCases } from "../../scripts/eval/agent-cases.js";

const cases = parseAgentCases(readFileSync(new URL("../fixtures/agent-cases-dev.jsonl", import.meta.url), "utf8"), "agent-cases-dev.jsonl");

/** A seeded generator (a linear congruential one), so a failing chunking can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** `text` cut into chunks of 1..`max` characters. */
function chunk(text: string, max: number, next: () => number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    const n = 1 + Math.floor(next() * max);
    out.push(text.slice(at, at + n));
    at += n;
  }
  return out;
}

/** What a report says about the answer, without timings. */
function verdictsOf(report: Report): unknown {
  return {
    claims: report.claims,
    verdicts: report.verdicts.map((v) => ({ ...v, trace: v.trace.map((t) => ({ ...t, ms: 0 })) })),
    counts: report.counts,
    groundingScore: report.groundingScore,
    decision: report.decision,
    output: report.output,
    reasons: report.reasons,
  };
}

function firewallWith(evidence: Array<{ source: string; content: unknown }>, strictness: Strictness = "balanced"): Firewall {
  const fw = new Firewall({ strictness, telemetry: false });
  for (const ev of evidence) fw.record({ source: ev.source, content: ev.content as never });
  return fw;
}

/** Streams `chunks` into a progressive verification, yielding to the event loop between chunks as a stream does. */
async function stream(
  fw: Firewall,
  chunks: string[],
  overrides = {},
): Promise<{ released: string; deltas: string[]; result: Awaited<ReturnType<ReturnType<Firewall["progressive"]>["end"]>> }> {
  const deltas: string[] = [];
  const pv = fw.progressive(overrides, { onRelease: (text) => deltas.push(text) });
  for (const c of chunks) {
    pv.write(c);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const result = await pv.end();
  return { released: deltas.join(""), deltas, result };
}

describe("progressive verification equals the whole-answer verify", { timeout: 240_000 }, () => {
  const next = random(20261207);
  const runs = cases
    .slice(0, 30)
    .flatMap((c) =>
      (["balanced", "strict", "lenient"] as const).flatMap((strictness) =>
        [1, 9, 80].map((max) => ({ c, strictness, max, chunks: chunk(c.draft, max, next) })),
      ),
    );

  it.each(runs.map((r) => [`${r.c.id} ${r.strictness} chunks<=${r.max}`, r] as const))("%s", async (_name, { c, strictness, chunks }) => {
    const whole = await firewallWith(c.evidence, strictness).verify(c.draft, { cite: false });
    const { released, result } = await stream(firewallWith(c.evidence, strictness), chunks);
    if (whole.decision === "block") {
      expect(result.blocked).toBe(true);
      expect(result.report.decision).toBe("block");
      // What went out before the block is the policy's text for a prefix of whole units of the draft.
      expect(c.draft.startsWith(result.report.draft)).toBe(true);
      expect(released.length).toBeLessThanOrEqual(result.report.draft.length + 200);
      return;
    }
    expect(result.blocked).toBe(false);
    expect(released).toBe(whole.output);
    expect(result.released).toBe(released);
    expect(verdictsOf(result.report)).toEqual(verdictsOf(whole));
  });
});

const ORDER = {
  source: "orders.get",
  content: { order_id: "A-1001", status: "shipped", total_eur: 1284.6, items: 3, carrier: "DHL", eta: "2026-12-09" },
};

describe("progressive verification releases each unit once the next begins", () => {
  it("should release the first sentence, unchanged, before the answer ends", async () => {
    const fw = firewallWith([ORDER]);
    const deltas: string[] = [];
    const pv = fw.progressive({}, { onRelease: (t) => deltas.push(t) });
    pv.write("Order A-1001 has shipped with DHL. ");
    await pv.settled();
    expect(deltas).toEqual([]); // the unit may still grow: nothing goes out until the next one begins
    pv.write("It holds 3 items");
    await pv.settled();
    expect(deltas.join("")).toBe("Order A-1001 has shipped with DHL.");
    pv.write(" and totals 1,284.60 EUR.");
    const { released, report } = await pv.end();
    expect(released).toBe("Order A-1001 has shipped with DHL. It holds 3 items and totals 1,284.60 EUR.");
    expect(report.decision).toBe("pass");
  });

  it("should release a wrong figure corrected in place, as soon as its sentence completes", async () => {
    const fw = firewallWith([ORDER]);
    const deltas: string[] = [];
    const pv = fw.progressive({}, { onRelease: (t) => deltas.push(t) });
    pv.write("Order A-1001 totals 1,248.60 EUR. It");
    await pv.settled();
    expect(deltas.join("")).toBe("Order A-1001 totals 1,284.60 EUR.");
    pv.write(" ships with DHL.");
    const { released, report } = await pv.end();
    expect(released).toBe("Order A-1001 totals 1,284.60 EUR. It ships with DHL.");
    expect(report.decision).toBe("rewrite");
    expect(report.verdicts.find((v) => v.verdict === "contradicted")?.corrections[0]?.value).toBe("1,284.60 EUR");
  });

  it("should correct a contradiction in the last sentence at the end", async () => {
    const { released, result } = await stream(firewallWith([ORDER]), ["Order A-1001 has shipped. ", "It holds 5 items."]);
    expect(released).toBe("Order A-1001 has shipped. It holds 3 items.");
    expect(result.report.counts.contradicted).toBe(1);
  });

  it("should stop at a blocked unit: earlier units released, nothing after, the report stored once", async () => {
    const fw = firewallWith([ORDER], "strict");
    const blocks: Report[] = [];
    const deltas: string[] = [];
    const pv = fw.progressive({}, { onRelease: (t) => deltas.push(t), onBlock: (r) => blocks.push(r) });
    for (const part of ["Order A-1001 has shipped with DHL. ", "It holds 5 items. ", "It totals 1,284.60 EUR. ", "Thanks!"]) {
      pv.write(part);
      await pv.settled();
    }
    expect(pv.blocked).toBe(true);
    const result = await pv.end();
    expect(deltas.join("")).toBe("Order A-1001 has shipped with DHL.");
    expect(result.blocked).toBe(true);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toBe(result.report);
    expect(result.report.decision).toBe("block");
    expect(result.report.draft).toBe("Order A-1001 has shipped with DHL. It holds 5 items.");
    expect(fw.session().report().responses).toBe(1);
  });

  it("should hold units while the grounding-score rule blocks the text so far, and release them once it does not", async () => {
    const fw = firewallWith([ORDER]);
    const deltas: string[] = [];
    const pv = fw.progressive({ blockBelowScore: 0.5, flagUnsupported: 0 }, { onRelease: (t) => deltas.push(t) });
    pv.write("The parcel was left with a neighbour. Order");
    await pv.settled();
    expect(deltas).toEqual([]); // 0 of 1 claims grounded: held, not released, not yet blocked
    pv.write(" A-1001 has shipped with DHL. It holds 3 items. Done");
    await pv.settled();
    expect(deltas.join("")).toBe(
      "The parcel was left with a neighbour (not confirmed by the tool results). Order A-1001 has shipped with DHL. It holds 3 items.",
    );
    const { report } = await pv.end();
    expect(report.decision).toBe("rewrite");
  });

  it("should release list items, a table and a code block as whole units, in order", async () => {
    const draft = [
      "Your order:",
      "",
      "- **Status**: shipped",
      "- Carrier: DHL",
      "- Items: 4",
      "",
      "| field | value |",
      "|---|---|",
      "| total | 1,284.60 EUR |",
      "| eta | 2026-12-09 |",
      "",
      "```json",
      '{ "order_id": "A-1001" }',
      "```",
      "",
      "Anything else?",
    ].join("\n");
    const whole = await firewallWith([ORDER]).verify(draft, { cite: false });
    for (const max of [1, 3, 16]) {
      const { released, deltas } = await stream(firewallWith([ORDER]), chunk(draft, max, random(max)));
      expect(released).toBe(whole.output);
      expect(released).toContain("- Items: 3");
      expect(deltas.length).toBeGreaterThan(2);
    }
  });

  it("should release a draft that is only a code block as it is, at the end", async () => {
    const draft = "```ts\nconst total = 1284.6;\n```";
    const { released, deltas, result } = await stream(firewallWith([ORDER]), chunk(draft, 4, random(1)));
    expect(released).toBe(draft);
    expect(deltas).toHaveLength(1);
    expect(result.report.claims).toEqual([]);
  });

  it("should read a JSON answer whole, at the end", async () => {
    const draft = JSON.stringify({ order: "A-1001", items: 5, carrier: "DHL" });
    const { released, deltas } = await stream(firewallWith([ORDER]), chunk(draft, 5, random(2)));
    expect(deltas).toHaveLength(1);
    expect(released).toBe((await firewallWith([ORDER]).verify(draft, { cite: false })).output);
  });
});

describe("progressive verification on bad input and abort", () => {
  it("should store nothing and release nothing more once aborted", async () => {
    const fw = firewallWith([ORDER]);
    const deltas: string[] = [];
    const pv = fw.progressive({}, { onRelease: (t) => deltas.push(t) });
    pv.write("Order A-1001 has shipped. It holds");
    pv.abort();
    await pv.settled();
    expect(deltas).toEqual([]);
    expect(() => pv.write(" 3 items.")).toThrow(FirewallError);
    await expect(pv.end()).rejects.toThrow(/aborted/);
    expect(fw.session().report().responses).toBe(0);
  });

  it("should abort when the caller's signal does", async () => {
    const fw = firewallWith([ORDER]);
    const controller = new AbortController();
    const pv = fw.progressive({ signal: controller.signal });
    pv.write("Order A-1001 has shipped. ");
    controller.abort();
    await expect(pv.end()).rejects.toThrow(/aborted/);
  });

  it("should refuse an answer over maxDraftChars at the end with a DraftError, keeping what was released", async () => {
    const fw = new Firewall({ maxDraftChars: 60, telemetry: false });
    fw.record(ORDER);
    const pv = fw.progressive();
    pv.write("Order A-1001 has shipped with DHL. It holds 3 items. ");
    await pv.settled();
    pv.write("It totals 1,284.60 EUR and arrives on 2026-12-09.");
    await expect(pv.end()).rejects.toThrow(DraftError);
    expect(pv.released).toBe("Order A-1001 has shipped with DHL.");
  });

  it("should refuse a second end()", async () => {
    const pv = firewallWith([ORDER]).progressive();
    pv.write("Order A-1001 has shipped.");
    await pv.end();
    await expect(pv.end()).rejects.toThrow(/already/);
  });
});
