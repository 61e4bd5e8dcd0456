/**
 * `hfw serve`: the stateless HTTP verifier until SIGTERM or SIGINT, then a graceful stop (requests in flight
 * finish, the store closes, exit 0). Loads Express and the verifier only here.
 */
import { ConfigError } from "../errors.js";
import { StrictnessSchema, type Strictness } from "../schema.js";
import { dbPath, intFlag } from "./db-option.js";
import { type CliCommand, commandArgs, packageVersion, strictnessSetting } from "./cli-command.js";
import { startCliTelemetry } from "./telemetry.js";

export const SERVE_HELP = `hfw serve: the firewall as a stateless HTTP verifier (JSON API under /v1) for agents in any language.

Usage:
  hfw serve [--port N] [--host H] [--db FILE|URL] [--token T | --no-auth] [--strictness S]
            [--body-limit SIZE] [--rate N] [--dashboard]

Options:
      --port N           port (default 8792; 0 picks a free one)
      --host H           interface to bind (default 127.0.0.1, this machine only)
      --db FILE|URL      the store every instance shares: a SQLite file or a postgres:// URL
                         (default: HFW_DB, else .hfw/hfw.db)
      --token T          clients must send 'Authorization: Bearer T'; several comma-separated, or
                         --token repeated (default: HFW_SERVE_TOKEN); required when --host is not
                         a loopback address
      --no-auth          no token even on a non-loopback host (behind your own auth proxy)
      --strictness S     lenient | balanced | strict when a request names none (default:
                         HFW_STRICTNESS, else balanced)
      --body-limit SIZE  largest request body: bytes, or with kb / mb (default 16mb)
      --rate N           requests per minute per token; 0 for no limit (default 600)
      --dashboard        also serve the dashboard under /dashboard
  -h, --help             this help

Routes: POST /v1/sessions/{id}/evidence, .../evidence/batch, .../verify, .../guard, .../rewrite;
GET /v1/sessions, /v1/sessions/{id}/report, /v1/sessions/{id}/evidence; GET /healthz, /readyz;
GET /v1/openapi.json describes them all.

  curl -s -X POST localhost:8792/v1/sessions/s1/evidence -H 'Content-Type: application/json' \\
       -d '{"source":"get_invoice","content":{"invoice":"INV-7","total":980}}'

Prints the address on start. SIGTERM or Ctrl+C stops it: requests in flight finish (up to 10 s).`;

/** `16mb`, `512kb`, `1048576` -> bytes. */
export function byteSize(value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(m?.[2] ?? "b").toLowerCase() as "b"];
  const bytes = m ? Math.floor(Number(m[1]) * unit) : Number.NaN;
  if (!Number.isFinite(bytes) || bytes < 1) throw new ConfigError(`--body-limit must be a size such as 16mb, 512kb or 1048576, not '${value}'.`);
  return bytes;
}

export async function serveCommand(argv: string[]): Promise<number> {
  const args = commandArgs("serve", SERVE_HELP, argv, {
    port: { type: "string" },
    host: { type: "string" },
    db: { type: "string" },
    token: { type: "string", multiple: true },
    "no-auth": { type: "boolean" },
    strictness: { type: "string" },
    "body-limit": { type: "string" },
    rate: { type: "string" },
    dashboard: { type: "boolean" },
  });
  if (!args) return 0;
  const o = args.values;
  const strictness = strictnessSetting(o.strictness);
  if (!StrictnessSchema.safeParse(strictness).success)
    throw new ConfigError(`--strictness (or HFW_STRICTNESS) must be lenient, balanced or strict, not '${strictness}'.`);
  const port = intFlag("port", o.port, 8792);
  if (port > 65535) throw new ConfigError(`--port must be 0..65535, not ${port}.`);
  const rate = intFlag("rate", o.rate, 600);
  const bodyLimitBytes = byteSize(o["body-limit"] ?? "16mb");
  if (o["no-auth"] && o.token) throw new ConfigError("--token and --no-auth contradict each other: pass one.");

  const { parseTokens, startVerifier } = await import("../serve/index.js");
  const given = parseTokens((o.token ?? []).join(",") || process.env.HFW_SERVE_TOKEN);
  const log = (message: string) => process.stderr.write(`hfw serve: ${message}\n`);
  const telemetry = await startCliTelemetry(process.env, log);
  const db = dbPath(o.db);
  const running = await startVerifier({
    host: o.host ?? "127.0.0.1",
    port,
    db,
    tokens: o["no-auth"] ? false : given,
    strictness: strictness as Strictness,
    bodyLimitBytes,
    ratePerMinute: rate,
    dashboard: o.dashboard ?? false,
    version: packageVersion(),
    logger: { warn: log },
  });
  process.stdout.write(`hfw serve: listening on ${running.url}\n`);
  const shown = /^postgres(ql)?:\/\//i.test(db) ? db.replace(/\/\/[^@/]*@/, "//***@") : db;
  log(
    `store ${shown}; ${running.tokenCount ? `${running.tokenCount} token(s) accepted` : o["no-auth"] ? "no token (--no-auth)" : "no token needed (loopback only)"}; ${rate ? `${rate} requests/min per token` : "no rate limit"}${o.dashboard ? `; dashboard at ${running.url}/dashboard/` : ""}; SIGTERM or Ctrl+C to stop`,
  );
  // Say at once when the store does not answer (its cause is logged by the readiness probe).
  // Not awaited: the signal handlers below must be in place as soon as the server listens.
  void fetch(`${running.url}/readyz`).then(
    (ready) => {
      if (ready.status === 503) log(`warning: the store does not answer yet; requests get 503 until it does (GET ${running.url}/readyz tells when)`);
    },
    () => {},
  );
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      log(`${signal}: finishing ${running.verifier.inFlight} request(s) in flight, then stopping`);
      void running.close().then(resolve, (error: unknown) => {
        log(`stopping failed: ${(error as Error).message}`);
        resolve();
      });
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await telemetry.shutdown();
  log("stopped");
  return 0;
}

export const SERVE_COMMAND: CliCommand = { help: SERVE_HELP, run: serveCommand };
