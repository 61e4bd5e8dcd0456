import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { auditChain, canonicalJson, EMPTY_HEAD, type ChainRow, type EvidenceRecord } from "../../src/index.js";
import { extend, linkHash } from "../../src/store/ledger-chain.js";

function record(i: number, text = `output ${i}`): EvidenceRecord {
  return { id: `e${i}`, source: "tool", callId: null, format: "text", content: text, text, hash: "h", bytes: text.length, chunkCount: 1, recordedAt: i };
}

/** A chain of `n` evidence rows as a store would keep it. */
function chainOf(n: number): { rows: ChainRow[]; head: { length: number; hash: string } } {
  let head = EMPTY_HEAD;
  const rows: ChainRow[] = [];
  for (let i = 1; i <= n; i++) {
    const row = record(i);
    head = extend(head, "evidence", row);
    rows.push({ seq: i, kind: "evidence", row, hash: head.hash });
  }
  return { rows, head };
}

/** Objects with their keys in another order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reordered(v)]),
    );
  return value;
}

describe("the ledger's hash chain", () => {
  it("should hash equal rows equally whatever their key order, and leave undefined members out", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const row = { ...record(1), content: value } as EvidenceRecord;
        const again = { ...(reordered(row) as EvidenceRecord), args: undefined };
        expect(linkHash(EMPTY_HEAD.hash, "evidence", again)).toBe(linkHash(EMPTY_HEAD.hash, "evidence", row));
        expect(canonicalJson(again)).toBe(canonicalJson(row));
      }),
    );
  });

  it("should hash different rows differently, also where a JSON text could be confused with a structure", () => {
    const texts = ['a","b', "a", "s1:a", "", "n", "[]", "{}", "d1;"];
    const contents: unknown[] = [...texts, ["a", "b"], { a: "b" }, { "a,b": "" }, 1, "1", true, "t", null, [null], [[]]];
    const hashes = new Set(contents.map((content) => linkHash(EMPTY_HEAD.hash, "evidence", { ...record(1), content })));
    expect(hashes.size).toBe(contents.length);
    expect(linkHash(EMPTY_HEAD.hash, "evidence", record(1))).not.toBe(linkHash(EMPTY_HEAD.hash, "report", record(1) as never));
  });

  it("should write what JSON cannot hold as the stores keep it", () => {
    const self: Record<string, unknown> = { n: 1n };
    self.me = self;
    expect(canonicalJson(self)).toBe('{"me":"[circular]","n":"1"}');
    expect(() => linkHash(EMPTY_HEAD.hash, "evidence", { ...record(1), args: self })).not.toThrow();
  });

  it("should verify an untouched chain, also from a verified prefix", () => {
    const { rows, head } = chainOf(5);
    expect(auditChain(rows, head)).toMatchObject({ ok: true, length: 5, head });
    expect(auditChain(rows.slice(2), head, { length: 2, hash: rows[1]!.hash }).ok).toBe(true);
  });

  const tampering: Array<[string, (rows: ChainRow[]) => void, number, string]> = [
    [
      "an edited row",
      (rows) => {
        (rows[2]!.row as EvidenceRecord).text = "output 3, edited";
      },
      3,
      "edited",
    ],
    ["a deleted row", (rows) => void rows.splice(2, 1), 3, "moved"],
    [
      "two swapped rows",
      (rows) => {
        const [a, b] = [rows[1]!, rows[2]!];
        [rows[1], rows[2]] = [
          { ...b, seq: 2 },
          { ...a, seq: 3 },
        ];
      },
      2,
      "moved",
    ],
    ["an inserted row", (rows) => void rows.splice(2, 0, { seq: 3, kind: "evidence", row: record(9), hash: "f".repeat(64) }), 3, "edited"],
    ["a deleted last row", (rows) => void rows.pop(), 5, "head"],
  ];
  it.each(tampering)("should name the first link that does not match after %s", (_name, tamper, seq, problem) => {
    const { rows, head } = chainOf(5);
    tamper(rows);
    const audit = auditChain(rows, head);
    expect(audit.ok).toBe(false);
    expect(audit.break).toMatchObject({ seq, problem });
    expect(audit.break!.message.length).toBeGreaterThan(20);
  });
});
