/**
 * What a driver or server error becomes: StoreUnavailable for a database that cannot be reached, a
 * StoreError otherwise, each saying what failed and what to do. The errors are shaped as node-postgres and
 * Node's sockets give them (SQLSTATE `code` on server errors, `code` or an AggregateError on socket errors).
 */
import { describe, expect, it } from "vitest";
import { ResponseIdTaken, StoreError, StoreUnavailable } from "../../src/index.js";
import { isUnavailable, storeErrorOf } from "../../src/store/postgres-errors.js";

const call = {
  what: "Writing report r1 of session 's'",
  location: "'postgres://hfw@db:5432/hfw'",
  write: true,
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
};

function serverError(code: string, message: string, extra: Record<string, string> = {}): Error {
  return Object.assign(new Error(message), { code, ...extra });
}

const refused = Object.assign(new AggregateError([Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })], ""), {});

describe("storeErrorOf", () => {
  it.each([
    ["a refused connection (AggregateError of each address)", refused, /the connection was refused: check that PostgreSQL is running/],
    [
      "a pool that got no connection in time",
      new Error("timeout exceeded when trying to connect"),
      /no connection within 5000 ms: .* or raise connectionTimeoutMs/,
    ],
    ["a host that does not resolve", Object.assign(new Error("getaddrinfo ENOTFOUND db"), { code: "ENOTFOUND" }), /the host name does not resolve/],
    [
      "a server shutting down",
      serverError("57P01", "terminating connection due to administrator command"),
      /shutting down or an administrator ended the connection/,
    ],
    ["a server starting up", serverError("57P03", "the database system is starting up"), /starting up or recovering: retry in a few seconds/],
    ["a connection exception (class 08)", serverError("08006", "connection failure"), /the connection was lost \(connection failure, 08006\)/],
    ["no free connection slot", serverError("53300", "sorry, too many clients already"), /lower the pool size \(max\)/],
    ["a connection lost mid-call", new Error("Connection terminated unexpectedly"), /the connection was lost \(Connection terminated unexpectedly\)/],
  ])("should make %s a StoreUnavailable that says what to do", (_, error, message) => {
    const e = storeErrorOf(error, call);
    expect(StoreUnavailable.isInstance(e)).toBe(true);
    expect(e.message).toMatch(/^Writing report r1 of session 's' in 'postgres:\/\/hfw@db:5432\/hfw' failed: the database is unavailable: /);
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/Nothing of it was written\.$/);
    expect(e.cause).toBe(error);
    expect(isUnavailable(error)).toBe(true);
  });

  it.each([
    [
      "a refused password",
      serverError("28P01", 'password authentication failed for user "hfw"'),
      /authentication failed: check the user and password in the URL/,
    ],
    ["a missing database", serverError("3D000", 'database "hfw" does not exist'), /the database does not exist: create it \(createdb NAME\)/],
    [
      "a missing right",
      serverError("42501", "permission denied for table sessions"),
      /permission denied \(permission denied for table sessions\): the user needs rights/,
    ],
    [
      "a statement timeout",
      serverError("57014", "canceling statement due to statement timeout"),
      /after the statement timeout \(30000 ms\): raise statementTimeoutMs/,
    ],
    ["a deadlock", serverError("40P01", "deadlock detected"), /deadlock detected: a conflict with another transaction; retry/],
    ["a full disk", serverError("53100", "could not extend file"), /the server's disk is full: free space, or prune old sessions/],
    ["a read-only standby", serverError("25006", "cannot execute INSERT in a read-only transaction"), /point the URL at the primary/],
    [
      "a duplicate",
      serverError("23505", "duplicate key value violates unique constraint", {
        detail: "Key (session_id, id)=(s, e1) already exists.",
        constraint: "evidence_session_id_id_key",
      }),
      /Key \(session_id, id\)=\(s, e1\) already exists\.: it is already stored \(constraint evidence_session_id_id_key\)/,
    ],
    ["anything else", serverError("22P02", "invalid input syntax for type bigint"), /invalid input syntax for type bigint \(22P02\)/],
  ])("should make %s a StoreError, not StoreUnavailable, that says what to do", (_, error, message) => {
    const e = storeErrorOf(error, call);
    expect(StoreError.isInstance(e)).toBe(true);
    expect(StoreUnavailable.isInstance(e)).toBe(false);
    expect(e.message).toMatch(/^Writing report r1 of session 's' in 'postgres:\/\/hfw@db:5432\/hfw' failed, and nothing of it was written: /);
    expect(e.message).toMatch(message);
    expect(isUnavailable(error)).toBe(false);
  });

  it("should say that a write whose connection broke while committing may have been stored", () => {
    const e = storeErrorOf(new Error("Connection terminated unexpectedly"), { ...call, committing: true });
    expect(e.message).toMatch(/broke while the write was committing: it may or may not have been stored/);
    expect(storeErrorOf(refused, { ...call, write: false }).message).toMatch(/retry|running/);
    expect(storeErrorOf(refused, { ...call, write: false }).message).not.toMatch(/written|stored/);
  });

  it("should pass the firewall's own errors through unchanged, whatever their message says", () => {
    const taken = new ResponseIdTaken("connection timeout drills", "r1");
    expect(storeErrorOf(taken, call)).toBe(taken);
    expect(isUnavailable(taken)).toBe(false);
  });
});
