/**
 * A session export carries the chain (each row's link and the head) and is audited without the database:
 * as exported it verifies, through a JSON round trip; a row edited, deleted, added or reordered in the
 * file, or its head changed, breaks it.
 */
import { describe, expect, it } from "vitest";
import { ConfigError, exportSession, exportSessionAsync, asAsyncStore, MemoryStore, SqliteStore, type SessionExport } from "../../src/index.js";
import { auditExport, parseExport } from "../../src/store/export-audit.js";
import { redactEvidence } from "../../src/store/redact.js";
import { runNpmExample, tempDb } from "./helpers.js";

async function exported(): Promise<SessionExport> {
  const store = new SqliteStore(tempDb());
  await runNpmExample(store);
  const data = exportSession(store, "npm-audit")!;
  store.close();
  // As an auditor reads it: from the JSON text.
  return parseExport(JSON.stringify(data), "npm-audit.json");
}

describe("the session export", () => {
  it("should carry each row's link in chain order and the head, and match the async export", async () => {
    const store = new MemoryStore();
    await runNpmExample(store);
    const data = exportSession(store, "npm-audit", 1)!;
    expect(data.chain!.map((l) => `${l.seq}:${l.kind}:${l.id}`)).toEqual(["1:evidence:e1", "2:evidence:e2", "3:evidence:e3", "4:report:r1"]);
    expect(data.chainHead).toEqual(store.chainHead("npm-audit"));
    expect(data.chain!.at(-1)!.hash).toBe(data.chainHead!.hash);
    expect(await exportSessionAsync(asAsyncStore(store), "npm-audit", 1)).toEqual(data);
    expect(exportSession(store, "nobody")).toBeUndefined();
  });

  it("should verify offline as exported", async () => {
    const data = await exported();
    expect(auditExport(data)).toMatchObject({ ok: true, length: 4, head: data.chainHead });
  });

  it.each([
    ["an edited evidence row", (d: SessionExport) => ((d.evidence[1] as { source: string }).source = "elsewhere"), { cause: "edited", row: { id: "e2" } }],
    ["an edited verdict", (d: SessionExport) => (d.reports[0]!.verdicts[0]!.verdict = "supported"), { cause: "edited", row: { id: "r1" } }],
    ["a deleted row", (d: SessionExport) => d.evidence.splice(1, 1), { cause: "deleted", seq: 2, row: { id: "e2" } }],
    ["a deleted row and its link", (d: SessionExport) => d.evidence.splice(1, 1) && d.chain!.splice(1, 1), { cause: "deleted", seq: 2, row: { id: "e3" } }],
    ["a row added", (d: SessionExport) => d.evidence.push({ ...d.evidence[0]!, id: "e4" }), { cause: "inserted", row: { id: "e4" } }],
    ["a row added twice", (d: SessionExport) => d.evidence.push({ ...d.evidence[0]! }), { cause: "inserted", row: { id: "e1" } }],
    [
      "two rows reordered",
      (d: SessionExport) => {
        const [a, b] = d.chain!;
        d.chain!.splice(0, 2, { ...b!, seq: 1 }, { ...a!, seq: 2 });
      },
      { cause: "reordered", seq: 1, row: { id: "e2" } },
    ],
    ["a changed head", (d: SessionExport) => (d.chainHead = { length: 4, hash: "0".repeat(64) }), { cause: "head" }],
  ])("should break with %s", async (_name, tamper, expected) => {
    const data = await exported();
    tamper(data);
    const audit = auditExport(data);
    expect(audit.ok).toBe(false);
    expect(audit.break).toMatchObject(expected);
  });

  it("should say that a redacted export cannot match where it masked a row", async () => {
    const data = await exported();
    (data.evidence[0]!.content as Record<string, unknown>).maintainer = "jane@example.com";
    const redacted = { ...data, evidence: data.evidence.map(redactEvidence), redacted: true };
    expect(auditExport(redacted).break!.message).toContain("This export was redacted (--redact)");
  });

  it("should refuse a file that is not an export, or an export without a chain", async () => {
    expect(() => parseExport("{", "a.json")).toThrow(/'a.json' is not JSON/);
    expect(() => parseExport('{"format":"other"}', "b.json")).toThrow(/'b.json' is not a session export \(format: /);
    const { chain: _c, chainHead: _h, ...old } = await exported();
    expect(() => auditExport(old as SessionExport)).toThrow(ConfigError);
    expect(() => auditExport(old as SessionExport)).toThrow(/carries no chain/);
  });
});
