/**
 * Tampering with a stored session in its database, with raw SQL around the store: `hfw audit verify` finds
 * each change (names the row, exits 1), a fail-closed firewall refuses to verify, a clean session passes,
 * and an export is checked offline. On SQLite always; on PostgreSQL when `HFW_TEST_POSTGRES_URL` is set and
 * this build's `openStore` opens it (else the PostgreSQL suite is skipped with a notice saying why).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AUDIT_COMMAND } from "../../src/cli/audit-command.js";
import { type AnyStore, asAsyncStore, exportSessionAsync, Firewall, LedgerTampered } from "../../src/index.js";
import { freshSession } from "./conformance.js";
import { npmDraft, npmEvidence, tempDb } from "./helpers.js";
import { runCommand } from "./run-command.js";
import { closeStore, postgresRawDb, type RawDb, sqliteRawDb, TAMPERINGS } from "./tamper.js";

const postgres = await postgresRawDb();
if (typeof postgres === "string") console.warn(`\n⚠️  PostgreSQL tampering tests SKIPPED: ${postgres}.\n`);

/** Records the npm example (evidence e1-e3) and verifies its draft (report r1): links 1-4. */
async function recordSession(store: AnyStore, sessionId: string): Promise<void> {
  const fw = new Firewall({ store, sessionId });
  await fw.session().recordMany(npmEvidence);
  await fw.verify(npmDraft);
}

function describeTampering(name: string, dialect: RawDb["dialect"], make: () => RawDb | Promise<RawDb>): void {
  describe(`tampering with a ${name} store`, () => {
    const dbs: RawDb[] = [];
    const stores: AnyStore[] = [];
    afterAll(async () => {
      for (const s of stores.splice(0)) await closeStore(s);
      for (const db of new Set(dbs.splice(0))) await db.close();
    });

    /** A database holding one recorded session. */
    async function seeded(): Promise<{ db: RawDb; sessionId: string; open: () => AnyStore }> {
      const db = await make();
      dbs.push(db);
      const open = () => {
        const store = db.open();
        stores.push(store);
        return store;
      };
      const sessionId = freshSession("tamper");
      await recordSession(open(), sessionId);
      return { db, sessionId, open };
    }

    it("should pass a clean session: audit verify says ok with the head, and fail-closed verifies", async () => {
      const { db, sessionId, open } = await seeded();
      const run = await runCommand(AUDIT_COMMAND, ["verify", "--db", db.location, "--session", sessionId]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^ok +${sessionId} +4 links, head [0-9a-f]{12}$`, "m"));
      const report = await new Firewall({ store: open(), sessionId, audit: "fail-closed" }).verify(npmDraft);
      expect(report.counts.contradicted).toBe(2);
    });

    it.each(TAMPERINGS.filter((t) => !t.only || t.only === dialect))(
      "should find $name: audit verify names the row and exits 1, and fail-closed refuses",
      async (t) => {
        const { db, sessionId, open } = await seeded();
        await t.apply(db, sessionId);

        const run = await runCommand(AUDIT_COMMAND, ["verify", "--db", db.location, "--session", sessionId]);
        expect(run.code, run.stdout + run.stderr).toBe(1);
        const where = t.row ? `link \\d+ \\(${t.row}\\)` : "link \\d+";
        expect(run.stdout).toMatch(new RegExp(`^BROKEN +${sessionId} +${where}, ${t.cause}: `, "m"));
        const json = JSON.parse((await runCommand(AUDIT_COMMAND, ["verify", "--db", db.location, "--session", sessionId, "--json"])).stdout);
        expect(json).toMatchObject({ ok: false, sessions: [{ sessionId, ok: false, break: { cause: t.cause } }] });

        const fw = new Firewall({ store: open(), sessionId, audit: "fail-closed" });
        const refused = await fw.verify(npmDraft).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(LedgerTampered.isInstance(refused), String(refused)).toBe(true);
        const error = refused as LedgerTampered;
        expect(error.break.cause).toBe(t.cause);
        expect(error.message).toContain(`hfw audit verify --db <this store> --session ${sessionId}`);
        // The refusal stored nothing: the session still has its one answer.
        expect((await asAsyncStore(open()).listReports(sessionId)).map((r) => r.responseId)).toEqual(["r1"]);
      },
    );

    it("should check an export offline: as exported it verifies, edited it breaks", async () => {
      const { sessionId, open } = await seeded();
      const data = (await exportSessionAsync(open(), sessionId))!;
      const file = join(tempDb(), "..", "..", `${sessionId}.json`);
      writeFileSync(file, JSON.stringify(data));
      const clean = await runCommand(AUDIT_COMMAND, ["verify", "--file", file]);
      expect([clean.code, clean.stdout]).toEqual([
        0,
        expect.stringMatching(new RegExp(`^ok +${sessionId} +4 links, head ${data.chainHead!.hash.slice(0, 12)}$`, "m")),
      ]);

      const edited = structuredClone(data);
      edited.reports[0]!.verdicts[0]!.confidence = 0.99;
      writeFileSync(file, JSON.stringify(edited));
      const broken = await runCommand(AUDIT_COMMAND, ["verify", "--file", file]);
      expect(broken.code).toBe(1);
      expect(broken.stdout).toMatch(new RegExp(`^BROKEN +${sessionId} +link 4 \\(report r1\\), edited: `, "m"));
    });
  });
}

describeTampering("SQLite", "sqlite", sqliteRawDb);
if (typeof postgres !== "string") describeTampering("PostgreSQL", "postgres", () => postgres);
else if (process.env.CI_REQUIRE_POSTGRES === "1") {
  describe("tampering with a PostgreSQL store", () => {
    it("should run against PostgreSQL", () => {
      throw new Error(`CI_REQUIRE_POSTGRES=1 but the PostgreSQL tampering tests cannot run: ${postgres}.`);
    });
  });
}
