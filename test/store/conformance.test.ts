/** The store conformance suite on the in-process stores; `postgres-store.test.ts` runs it on PostgreSQL. */
import { MemoryStore, SqliteStore, type AnyStore } from "../../src/index.js";
import { describeStoreConformance } from "./conformance.js";
import { tempDb } from "./helpers.js";

// Workers of one process share one MemoryStore.
const memory = new MemoryStore();
describeStoreConformance("memory", () => memory);

// Each worker opens the same file, as separate processes would.
const file = tempDb();
describeStoreConformance(
  "SQLite",
  () => new SqliteStore(file),
  (store: AnyStore) => (store as SqliteStore).close(),
);
