/**
 * `startVerifier(options)`: the verifier on its own HTTP server, as `hfw serve` runs it: bound to
 * 127.0.0.1 by default, refusing to bind beyond loopback without a token, and closing gracefully (stop
 * accepting, let requests in flight finish within a bound, then close the firewall and the store it opened).
 */
import type { Server } from "node:http";
import { isLoopback } from "../dashboard/auth.js";
import { listen } from "../dashboard/listen.js";
import { DEFAULT_DB_PATH } from "../store/sqlite-store.js";
import { openStore } from "../store/open-store.js";
import { storePathFromEnv } from "../store/store-from-env.js";
import { type AnyStore, isAsyncStore } from "../store/store.js";
import { createVerifierApp, type VerifierApp, type VerifierAppOptions } from "./app.js";
import { tokensFor } from "./bearer-tokens.js";

export const DEFAULT_SERVE_PORT = 8792;

export interface StartVerifierOptions extends Omit<VerifierAppOptions, "tokens" | "loopbackHostOnly"> {
  /** Interface to bind (default `127.0.0.1`). */
  host?: string;
  /** Port (default 8792; 0 picks a free one). */
  port?: number;
  /**
   * Tokens a request may carry. Default: none on a loopback host; required on any other (the start fails
   * without one). `false`: none even beyond loopback (behind your own auth proxy).
   */
  tokens?: readonly string[] | false;
  /** Where the store lives when `store` is not given: a SQLite file or PostgreSQL URL (default `HFW_DB`, else `.hfw/hfw.db`). */
  db?: string;
  /** How long `close()` lets requests in flight finish before it ends their connections, ms (default 10,000). */
  graceMs?: number;
  /**
   * Load what verifying loads lazily (sentence model, word frequencies, date parser) before listening, so
   * that the first request does not pay for it (default true; about 0.3-1 s once per process).
   */
  warmup?: boolean;
}

export interface RunningVerifier {
  /** `http://host:port`. */
  url: string;
  port: number;
  host: string;
  /** How many tokens the server accepts (0: none needed). */
  tokenCount: number;
  server: Server;
  verifier: VerifierApp;
  /**
   * Stops accepting, answers the requests in flight (at most `graceMs`, then ends their connections),
   * and closes the firewall and the store it opened (not one you passed). Safe to call twice.
   */
  close(): Promise<void>;
}

async function closeStore(store: AnyStore): Promise<void> {
  if (isAsyncStore(store)) await store.close();
  else (store as { close?: () => void }).close?.();
}

/**
 * @throws ConfigError when the host is not loopback and no token was given, or a dependency is missing;
 *   StoreError when the database cannot be opened; the listen error (e.g. EADDRINUSE) when the port is taken.
 */
export async function startVerifier(options: StartVerifierOptions = {}): Promise<RunningVerifier> {
  const host = options.host ?? "127.0.0.1";
  const tokens = tokensFor(host, options.tokens);
  const owned = options.store || options.firewall ? undefined : openStore(options.db ?? storePathFromEnv() ?? DEFAULT_DB_PATH);
  let verifier: VerifierApp;
  let listening: Awaited<ReturnType<typeof listen>>;
  try {
    verifier = createVerifierApp({
      ...options,
      ...(owned ? { store: owned } : {}),
      tokens,
      loopbackHostOnly: tokens.length === 0 && isLoopback(host.toLowerCase()),
    });
    if (options.warmup !== false) await verifier.firewall.warmup();
    listening = await listen(verifier.app, options.port ?? DEFAULT_SERVE_PORT, host);
  } catch (error) {
    if (owned) await closeStore(owned);
    throw error;
  }
  const graceMs = options.graceMs ?? 10_000;
  let closing: Promise<void> | undefined;
  const shutdown = async () => {
    verifier.drain();
    const server = listening.server;
    // close() stops accepting and ends idle keep-alive connections; busy ones close after their response.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([closed, late]);
    clearTimeout(timer);
    server.closeAllConnections();
    await closed;
    await verifier.firewall.close();
    if (owned) await closeStore(owned);
  };
  return {
    url: listening.origin,
    port: listening.port,
    host,
    tokenCount: tokens.length,
    server: listening.server,
    verifier,
    close: () => (closing ??= shutdown()),
  };
}
