/**
 * What the dashboard and the MCP HTTP server share about serving: the token a host needs, and listening on a
 * port with an address a person can open.
 */
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Express from "express";
import { isLoopback } from "./auth.js";

/**
 * The token requests must carry: the one given; none on a loopback host; a random one (24 base64url characters)
 * on any other host. `false` means none even beyond loopback (behind the user's own auth proxy).
 */
export function tokenFor(host: string, token: string | false | undefined): string | undefined {
  if (token === false) return undefined;
  return token ?? (isLoopback(host.toLowerCase()) ? undefined : randomBytes(18).toString("base64url"));
}

export interface Listening {
  server: Server;
  /** The port bound (the one the system picked for port 0). */
  port: number;
  /** `http://host:port`, with a wildcard host shown as 127.0.0.1 and an IPv6 one in brackets. */
  origin: string;
  /** Ends open connections and stops listening. */
  close(): Promise<void>;
}

/** @throws the listen error (e.g. EADDRINUSE) when the port is taken. */
export async function listen(app: ReturnType<typeof Express>, port: number, host: string): Promise<Listening> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
    s.once("error", reject);
  });
  const bound = (server.address() as AddressInfo).port;
  const shown = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return {
    server,
    port: bound,
    origin: `http://${shown}:${bound}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
