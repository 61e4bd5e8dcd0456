/**
 * `startDashboard()`: the dashboard on its own HTTP server, as `hfw dashboard` runs it. Bound to 127.0.0.1
 * by default; bound elsewhere, it asks for a token (a random one unless given).
 */
import type { Server } from "node:http";
import { type AnyStore, asAsyncStore, DEFAULT_DB_PATH, openStore, storePathFromEnv } from "../index.js";
import { isLoopback, loopbackHostOnly } from "./auth.js";
import { listen, tokenFor } from "./listen.js";
import { loadExpress } from "./load-deps.js";
import { createDashboard, type DashboardOptions } from "./router.js";

export interface StartDashboardOptions extends Omit<DashboardOptions, "store" | "token"> {
  /** A store to read (any kind); default: the store `db` names. */
  store?: AnyStore;
  /**
   * Where the store is when none is given: a SQLite file or a `postgres://` URL (default: `HFW_DB`, else
   * `.hfw/hfw.db`; see `openStore`).
   */
  db?: string;
  /** Interface to bind (default `127.0.0.1`). */
  host?: string;
  /** Port (default 8790; 0 picks a free one). */
  port?: number;
  /**
   * Token every request must carry. Default: none on a loopback host, a random one elsewhere (printed in
   * `url`). `false`: no token even on a public interface (behind your own auth proxy).
   */
  token?: string | false;
}

export interface RunningDashboard {
  /** Address to open, with `?token=` when a token is needed. */
  url: string;
  host: string;
  port: number;
  token: string | undefined;
  server: Server;
  /** Stops the server and closes the store it opened (not one you passed in). */
  close(): Promise<void>;
}

export const DEFAULT_DASHBOARD_PORT = 8790;

/**
 * @throws ConfigError when express, helmet or the store's driver (better-sqlite3, pg) is missing; StoreError
 *   when the database cannot be opened; the listen error (e.g. EADDRINUSE) when the port is taken.
 */
export async function startDashboard(options: StartDashboardOptions = {}): Promise<RunningDashboard> {
  const express = loadExpress();
  const host = options.host ?? "127.0.0.1";
  const loopback = isLoopback(host.toLowerCase());
  const token = tokenFor(host, options.token);
  const owned = options.store ? undefined : openStore(options.db ?? storePathFromEnv() ?? DEFAULT_DB_PATH);
  const store = options.store ?? owned!;
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  if (loopback && !token) app.use(loopbackHostOnly());
  app.use(createDashboard({ ...options, store, token }));
  const listening = await listen(app, options.port ?? DEFAULT_DASHBOARD_PORT, host);
  return {
    url: `${listening.origin}/${token ? `?token=${encodeURIComponent(token)}` : ""}`,
    host,
    port: listening.port,
    token,
    server: listening.server,
    close: async () => {
      await listening.close();
      if (owned) await asAsyncStore(owned).close();
    },
  };
}
