/** `hfw dashboard`: serves the dashboard of a database until interrupted. */
import { existsSync } from "node:fs";
import { ConfigError } from "../errors.js";
import { commandArgs } from "./cli-command.js";
import { isPostgresUrl } from "../store/open-store.js";
import { dbLabel, dbPath, intFlag } from "./db-option.js";

export const DASHBOARD_HELP = `hfw dashboard: browse the sessions, answers, verdicts and evidence of a database.

Usage:
  hfw dashboard [--db FILE|URL] [--port N] [--host H] [--token T | --no-auth] [--redact]

Options:
      --db FILE|URL SQLite file or postgres:// URL (default: HFW_DB, else .hfw/hfw.db; a
                    file is created empty if missing)
      --port N      port (default 8790; 0 picks a free one)
      --host H      interface to bind (default 127.0.0.1, this machine only)
      --token T     require this token (default: HFW_DASHBOARD_TOKEN; a random one when
                    --host is not a loopback address)
      --no-auth     no token even on a non-loopback host (behind your own auth proxy)
      --redact      mask e-mails, phone, card and id numbers in what is shown (or HFW_REDACT=1)
  -h, --help        this help

The address printed on start carries the token when one is needed. Stop with Ctrl+C.`;

export async function dashboardCommand(argv: string[]): Promise<number> {
  const args = commandArgs("dashboard", DASHBOARD_HELP, argv, {
    db: { type: "string" },
    port: { type: "string" },
    host: { type: "string" },
    token: { type: "string" },
    "no-auth": { type: "boolean" },
    redact: { type: "boolean" },
  });
  if (!args) return 0;
  const o = args.values;
  const port = intFlag("port", o.port, 8790);
  if (port > 65535) throw new ConfigError(`--port must be 0..65535, not ${port}.`);
  const token = o["no-auth"] ? false : (o.token ?? (process.env.HFW_DASHBOARD_TOKEN?.trim() || undefined));
  if (o["no-auth"] && o.token) throw new ConfigError("--token and --no-auth contradict each other: pass one.");
  const location = dbPath(o.db);
  const existed = isPostgresUrl(location) || existsSync(location);
  const label = isPostgresUrl(location) ? dbLabel(location) : location;
  const { startDashboard } = await import("../dashboard/server.js");
  // The header names a file by its path relative to here; a URL is named without its password.
  const storeLabel = isPostgresUrl(location) ? { storeLabel: label } : {};
  const running = await startDashboard({ db: location, ...storeLabel, port, host: o.host, token, ...(o.redact ? { redact: true } : {}) });
  process.stdout.write(`hfw dashboard: ${running.url}\n  database ${label}${existed ? "" : " (new, empty)"}; Ctrl+C to stop\n`);
  if (running.token && !o.token && !process.env.HFW_DASHBOARD_TOKEN)
    process.stdout.write("  bound beyond this machine: a random token was made; it is in the address above\n");
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      void running.close().then(resolve);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  return 0;
}
