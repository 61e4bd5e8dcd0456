/**
 * The PostgreSQL store when the database cannot be reached: a closed port or a silent server give
 * StoreUnavailable quickly with a message that says what to do (no server needed for those), and with a
 * real server behind a TCP proxy, a store rides out the server going away and coming back, and connections
 * the server ends while idle.
 */
import { once } from "node:events";
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, PostgresStore, StoreError, StoreUnavailable } from "../../src/index.js";
import { freshSession, newEvidence } from "./conformance.js";
import { describePostgres, POSTGRES_URL, sql } from "./postgres-helpers.js";

/** A loopback port nothing listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, "close");
  return port;
}

/** Listens on `port` (0: any) and calls `onSocket` per connection; `stop` ends every connection and the listener. */
async function listen(port: number, onSocket: (socket: Socket) => void): Promise<{ port: number; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    onSocket(socket);
  }).listen(port, "127.0.0.1");
  await once(server, "listening");
  return {
    port: (server.address() as { port: number }).port,
    async stop() {
      for (const s of sockets) s.destroy();
      server.close();
      await once(server, "close");
    },
  };
}

/** A TCP proxy on `port` to the test server: what the store sees as "the database", stopped and started at will. */
function proxyTo(target: URL, port: number) {
  return listen(port, (client) => {
    const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
}

const open: PostgresStore[] = [];
function store(url: string, connectionTimeoutMs = 2_000): PostgresStore {
  const s = new PostgresStore({ url, connectionTimeoutMs });
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

describe("PostgresStore without a reachable server", () => {
  it("should fail with StoreUnavailable at once when nothing listens on the port, saying what to check", async () => {
    const port = await closedPort();
    const s = store(`postgres://hfw:secret@127.0.0.1:${port}/hfw`);
    const started = performance.now();
    const error = await s.appendEvidence("s", [newEvidence("t", "x")]).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(StoreUnavailable.isInstance(error)).toBe(true);
    expect(StoreError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain(`127.0.0.1:${port}`);
    expect(message).toMatch(/the database is unavailable: the connection was refused: check that PostgreSQL is running/);
    expect(message).toContain("Nothing of it was written");
    expect(message).not.toContain("secret");
    // Every call tries again, and fails the same way while the server is away.
    await expect(s.listSessions()).rejects.toThrow(StoreUnavailable);
  });

  it("should fail with StoreUnavailable after connectionTimeoutMs when the server never answers", async () => {
    const silent = await listen(0, () => {});
    try {
      const s = store(`postgres://hfw@127.0.0.1:${silent.port}/hfw`, 300);
      const started = performance.now();
      await expect(s.ping()).rejects.toThrow(/no connection within 300 ms: check that the server is up and reachable/);
      expect(performance.now() - started).toBeLessThan(3_000);
      await expect(s.ping()).rejects.toThrow(StoreUnavailable);
    } finally {
      await silent.stop();
    }
  });

  it("should refuse a URL that is not one, naming the form it wants", () => {
    expect(() => new PostgresStore("not a url")).toThrow(/postgres:\/\/user:password@host:5432\/database/);
    expect(() => new PostgresStore({ url: " " })).toThrow(ConfigError);
  });
});

describePostgres("PostgresStore when the server goes away", (db) => {
  const viaProxy = (port: number) => {
    const u = new URL(db.url);
    u.hostname = "127.0.0.1";
    u.port = String(port);
    return u.toString();
  };

  it("should connect on the next call after a failed first one, once the server is up", async () => {
    const port = await closedPort();
    const s = store(viaProxy(port));
    await expect(s.connect()).rejects.toThrow(StoreUnavailable);
    const proxy = await proxyTo(new URL(POSTGRES_URL!), port);
    try {
      await s.ping();
      expect(await s.schemaVersion()).toBe(PostgresStore.SCHEMA_VERSION);
    } finally {
      await proxy.stop();
    }
  });

  it("should fail with StoreUnavailable while the server is away and carry on by itself when it is back", async () => {
    const target = new URL(POSTGRES_URL!);
    let proxy = await proxyTo(target, 0);
    const port = proxy.port;
    const s = store(viaProxy(port));
    const id = freshSession("away");
    try {
      // Several idle connections in the pool when the server goes.
      await Promise.all([1, 2, 3].map((i) => s.appendEvidence(id, [newEvidence("t", `before ${i}`)])));
      await proxy.stop();
      const error = await s.listEvidence(id).catch((e: unknown) => e);
      expect(StoreUnavailable.isInstance(error)).toBe(true);
      expect((error as Error).message).toMatch(/Reading the evidence of session .* failed: the database is unavailable/);

      proxy = await proxyTo(target, port);
      await s.appendEvidence(id, [newEvidence("t", "after")]);
      expect((await s.listEvidence(id)).map((e) => e.id)).toEqual(["e1", "e2", "e3", "e4"]);
    } finally {
      await proxy.stop();
    }
  });

  it("should drop the connections the server ends while they are idle, without an unhandled error, and carry on", async () => {
    const s = store(db.url);
    const id = freshSession("terminated");
    await Promise.all([1, 2, 3].map((i) => s.appendEvidence(id, [newEvidence("t", `n ${i}`)])));
    const ended = await sql(
      db.url,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'hallucination-firewall' AND pid <> pg_backend_pid()",
    );
    expect(ended.length).toBeGreaterThan(0);
    // Let the ended connections report their errors while idle.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await s.listEvidence(id)).toHaveLength(3);
    await s.appendEvidence(id, [newEvidence("t", "n 4")]);
    expect((await s.getSession(id))?.evidenceCount).toBe(4);
  });
});
