/**
 * `replayChain` and `auditSession`: each way a chain can break gets its cause, an audit read page by page
 * finds what a whole read finds, and an audit from a verified head replays only what came after it.
 */
import { describe, expect, it, vi } from "vitest";
import {
  asAsyncStore,
  auditChain,
  auditSession,
  type ChainRow,
  Firewall,
  LedgerTampered,
  MemoryStore,
  replayChain,
  SqliteStore,
  type Store,
} from "../../src/index.js";
import { newEvidence } from "./conformance.js";
import { npmDraft, npmEvidence, tempDb } from "./helpers.js";

/** A session of `n` evidence records and one report, recorded through a Firewall. */
async function session(store: Store, n: number, id = "s"): Promise<void> {
  store.appendEvidence(
    id,
    Array.from({ length: n }, (_, i) => newEvidence(`tool-${i}`, { i, note: `record ${i}` })),
  );
  await new Firewall({ store, sessionId: id }).verify("Record 1 has i 1.");
}

/** The rows of a six-link chain (five records, one report) as a store gives them. */
async function rows(): Promise<{ rows: ChainRow[]; store: MemoryStore }> {
  const store = new MemoryStore();
  await session(store, 5);
  return { rows: store.chainRows("s").map((r) => structuredClone(r)), store };
}

describe("replayChain", () => {
  it.each([
    [
      "an edited row",
      (r: ChainRow[]) => ((r[2]!.row as { source: string }).source = "other"),
      { seq: 3, cause: "edited", problem: "edited", row: { kind: "evidence", id: "e3" } },
    ],
    ["a deleted row", (r: ChainRow[]) => r.splice(2, 1), { seq: 3, cause: "deleted", problem: "moved", row: { kind: "evidence", id: "e4" } }],
    [
      "two swapped rows",
      (r: ChainRow[]) => ([r[1]!.seq, r[3]!.seq] = [r[3]!.seq, r[1]!.seq]) && r.sort((a, b) => a.seq - b.seq),
      { seq: 2, cause: "reordered", row: { id: "e4" } },
    ],
    [
      "a row inserted at a taken link",
      (r: ChainRow[]) => r.splice(2, 0, { ...r[1]!, row: { ...(r[1]!.row as object), id: "e9" } } as ChainRow),
      { seq: 3, cause: "inserted", row: { id: "e9" } },
    ],
    ["a row outside the chain", (r: ChainRow[]) => r.unshift({ ...r[0]!, seq: 0, hash: "" }), { seq: 1, cause: "inserted", row: { id: "e1" } }],
  ])("should name %s with its cause and row", async (_name, tamper, expected) => {
    const { rows: chain } = await rows();
    tamper(chain);
    expect(replayChain(chain).break).toMatchObject(expected);
  });

  it("should leave the head comparison to auditChain, which calls a changed or shortened head a head problem", async () => {
    const { rows: chain, store } = await rows();
    const head = store.chainHead("s");
    expect(replayChain(chain)).toEqual({ head });
    expect(auditChain(chain, { ...head, hash: "f".repeat(64) }).break).toMatchObject({ cause: "head", seq: 7 });
    expect(auditChain(chain.slice(0, -1), head).break).toMatchObject({
      cause: "head",
      seq: 6,
      message: expect.stringContaining("rows after link 5 were deleted"),
    });
  });
});

describe("auditSession", () => {
  it("should find, page by page, what one read finds, through a store's asynchronous view too", async () => {
    const store = new SqliteStore(tempDb());
    await session(store, 25);
    const whole = auditChain(store.chainRows("s"), store.chainHead("s"));
    expect(whole.ok).toBe(true);
    for (const pageSize of [1, 7, 26, 1000]) expect(await auditSession(store, "s", { pageSize })).toEqual(whole);
    expect(await auditSession(asAsyncStore(store), "s", { pageSize: 4 })).toEqual(whole);
    expect(await auditSession(store, "nobody")).toMatchObject({ ok: true, length: 0 });
    store.close();
  });

  it("should replay from a verified head only the links after it, and find a rewritten anchor", async () => {
    const store = new MemoryStore();
    await session(store, 4);
    const first = await auditSession(store, "s");
    store.appendEvidence("s", [newEvidence("later", { n: 1 })]);
    const reads = vi.spyOn(store, "chainRows");
    const next = await auditSession(store, "s", { from: first.head });
    expect(next).toMatchObject({ ok: true, length: first.length + 1 });
    // The anchor link, then a page holding the one new link (shorter than a page: the last).
    expect(reads.mock.calls.map((c) => c[1])).toEqual([first.length - 1, first.length]);
    reads.mockRestore();

    // The memory store hands out its own links: changing one is changing the store.
    store.chainRows("s", first.length - 1, 1)[0]!.hash = "0".repeat(64);
    expect((await auditSession(store, "s", { from: first.head })).break).toMatchObject({ cause: "edited", seq: first.length, row: { id: "r1" } });
  });

  it("should read on while another writer appends, rather than call its links deleted", async () => {
    const store = new MemoryStore();
    await session(store, 3);
    const async = asAsyncStore(store);
    const chainHead = async.chainHead;
    let appended = false;
    // The first head read comes after a write the rows did not include yet.
    async.chainHead = async (id) => {
      if (!appended) {
        appended = true;
        store.appendEvidence("s", [newEvidence("racing", "late")]);
      }
      return chainHead(id);
    };
    expect(await auditSession(async, "s")).toMatchObject({ ok: true, length: 5 });
  });
});

describe("a fail-closed firewall", () => {
  it("should verify a clean session, then audit only what was stored since", async () => {
    const store = new SqliteStore(tempDb());
    const fw = new Firewall({ store, sessionId: "npm", audit: "fail-closed" });
    await fw.session().recordMany(npmEvidence);
    await fw.verify(npmDraft);
    expect(fw.session().auditedHead.length).toBe(npmEvidence.length);
    const reads = vi.spyOn(store, "chainRows");
    await fw.verify(npmDraft);
    // From the head audited before: its anchor link, then the first answer's report.
    expect(reads.mock.calls[0]!.slice(1, 2)).toEqual([npmEvidence.length - 1]);
    expect(fw.session().auditedHead.length).toBe(npmEvidence.length + 1);
    store.close();
  });

  it("should take HFW_AUDIT, and refuse a value it does not know", async () => {
    const store = new MemoryStore();
    await session(store, 2);
    store.chainRows("s")[1]!.hash = "0".repeat(64);
    try {
      vi.stubEnv("HFW_AUDIT", "fail-closed");
      await expect(new Firewall({ store, sessionId: "s" }).verify("Record 1 has i 1.")).rejects.toSatisfy(LedgerTampered.isInstance);
      await expect(new Firewall({ store, sessionId: "s", audit: "off" }).verify("Record 1 has i 1.")).resolves.toMatchObject({ responseId: "r2" });
      vi.stubEnv("HFW_AUDIT", "sometimes");
      expect(() => new Firewall({ store })).toThrow(/HFW_AUDIT must be "off" or "fail-closed", not 'sometimes'/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
