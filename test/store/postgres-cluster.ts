/**
 * A private, throwaway PostgreSQL cluster for tests that stop and start the server (a restart mid-run),
 * which must not disturb the shared test database. Needs PostgreSQL's server binaries: `HFW_TEST_PG_BIN`
 * (the folder with `initdb` and `pg_ctl`), else `pg_config --bindir`, else the Debian folders. As root,
 * the server runs as the `postgres` user (initdb refuses root).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The folder holding `initdb` and `pg_ctl`, or undefined when PostgreSQL's server is not installed. */
export function postgresBin(): string | undefined {
  const candidates = [process.env.HFW_TEST_PG_BIN];
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch {
    // pg_config is in the client package only
  }
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) for (const v of readdirSync(debian).sort().reverse()) candidates.push(join(debian, v, "bin"));
  return candidates.find((dir): dir is string => !!dir && existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl")));
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivateCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  /** Stops the server (fast shutdown: open connections are cut). */
  stop(): void;
  /** Starts it again on the same port and data. */
  start(): void;
  /** Stops it and removes its files. */
  destroy(): void;
}

/**
 * Creates and starts a cluster in a temp folder on a free loopback port, trust auth.
 * @throws Error with initdb's or pg_ctl's output when either fails.
 */
export async function startPrivateCluster(bin: string): Promise<PrivateCluster> {
  const dir = mkdtempSync(join(tmpdir(), "hfw-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? "runuser" : join(bin, tool);
    const argv = asRoot ? ["-u", "postgres", "--", join(bin, tool), ...args] : args;
    const out = spawnSync(command, argv, { encoding: "utf8", timeout: 60_000 });
    if (out.status !== 0) throw new Error(`${tool} failed (${out.status}): ${out.stderr || out.stdout}`);
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const start = () =>
    run("pg_ctl", ["-D", data, "-w", "-l", join(dir, "log"), "-o", `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`, "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-w", "-m", "fast", "stop"]);
  start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      stop();
      running = false;
    },
    start: () => {
      start();
      running = true;
    },
    destroy: () => {
      if (running) stop();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
