/**
 * Shared set-up of the PostgreSQL tests. `HFW_TEST_POSTGRES_URL` names a server (and a database the tests
 * may connect to in order to create others, e.g. `postgres://postgres@127.0.0.1:5432/postgres`); each test
 * file gets a database of its own with a random name, dropped after its tests, so that files running in
 * parallel never see each other's rows. Unset, the tests skip with a notice, unless `CI_REQUIRE_POSTGRES=1`
 * (CI), where they fail.
 */
import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import type * as Pg from "pg";
import { afterAll, beforeAll, describe, it } from "vitest";

const pg = createRequire(import.meta.url)("pg") as typeof Pg;

/** The server the tests use, or undefined when none is configured. */
export const POSTGRES_URL = process.env.HFW_TEST_POSTGRES_URL?.trim() || undefined;

/** A database made for one test file. */
export interface TestDatabase {
  /** Its URL (valid once the file's tests run). */
  readonly url: string;
  /** Its name. */
  readonly name: string;
}

/** `base` with another database name in its path. */
export function withDatabase(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs SQL on a connection of its own to `url` (a raw client, beside any store). @returns the rows. */
export async function sql<R = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as R[];
  } finally {
    await client.end();
  }
}

/**
 * Creates a database with a random name and returns it; `dropDatabase` removes it.
 * @param options SQL after `CREATE DATABASE name` (a template, a locale).
 */
export async function createDatabase(prefix = "hfw_test", options = ""): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await sql(POSTGRES_URL!, `CREATE DATABASE ${name} ${options}`);
  return { name, url: withDatabase(POSTGRES_URL!, name) };
}

/**
 * A database whose default collation sorts text as people read it (ICU `en-US`: "alpha_2" before "Beta"),
 * not byte by byte, where the server can make one (PostgreSQL 15 with ICU); else a default one.
 */
export async function createLinguisticDatabase(prefix: string): Promise<TestDatabase & { collation: string }> {
  try {
    return { ...(await createDatabase(prefix, "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'")), collation: "ICU en-US" };
  } catch {
    return { ...(await createDatabase(prefix)), collation: "the server's default" };
  }
}

/** Drops a database `createDatabase` made, ending any connection still open to it. */
export async function dropDatabase(name: string): Promise<void> {
  await sql(POSTGRES_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

let noticed = false;

/**
 * `describe` for tests that need PostgreSQL: it creates the file's database before its tests and drops it
 * after. Without `HFW_TEST_POSTGRES_URL` the suite is skipped with a one-line notice, or, with
 * `CI_REQUIRE_POSTGRES=1`, replaced by a failing test that says what is missing.
 */
export function describePostgres(name: string, fn: (db: TestDatabase) => void): void {
  if (!POSTGRES_URL) {
    if (process.env.CI_REQUIRE_POSTGRES === "1") {
      describe(name, () => {
        it("should run against PostgreSQL", () => {
          throw new Error("CI_REQUIRE_POSTGRES=1 but HFW_TEST_POSTGRES_URL is not set: point it at a PostgreSQL server (see .ci/postgres.sh).");
        });
      });
      return;
    }
    if (!noticed) console.warn("PostgreSQL tests skipped: set HFW_TEST_POSTGRES_URL=postgres://user@host:port/postgres to run them.");
    noticed = true;
    describe.skip(name, () => fn({ url: "", name: "" }));
    return;
  }
  describe(name, () => {
    let made: TestDatabase | undefined;
    beforeAll(async () => {
      made = await createDatabase();
    });
    afterAll(async () => {
      if (made) await dropDatabase(made.name);
    });
    fn({
      get url() {
        if (!made) throw new Error("The test database is made in beforeAll: read its url inside a test.");
        return made.url;
      },
      get name() {
        return made?.name ?? "";
      },
    });
  });
}
