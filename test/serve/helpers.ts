/**
 * Shared pieces of the verifier tests: a verifier on 127.0.0.1 port 0 (in this process, or the built
 * `hfw serve` as a child process), a JSON client over real HTTP, and the invoice evidence the README uses.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { type RunningVerifier, type StartVerifierOptions, startVerifier } from "../../src/serve/index.js";

export const root = new URL("../../", import.meta.url).pathname;
export const cli = join(root, "dist/src/cli/main.js");

export const INVOICE = { invoice: "INV-7", customer: "Acme GmbH", status: "open", total: 980, currency: "EUR" };
export const CUSTOMER = { name: "Acme GmbH", country: "Germany", open_invoices: 2 };
/** One claim per fact: the total is wrong (contradicted, corrected to EUR 980), the country right, the founding year unknown. */
export const DRAFT = "Invoice INV-7 totals EUR 890. Acme GmbH is based in Germany. Acme GmbH was founded in 1998.";

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Runs `fn` after the current test, last registered first. */
export function onCleanup(fn: () => Promise<unknown> | unknown): void {
  cleanups.push(fn);
}

/** A new database path in its own temporary folder. */
export function tempDb(): string {
  return join(mkdtempSync(join(tmpdir(), "hfw-serve-")), "hfw.db");
}

/** A verifier in this process on a free loopback port, closed after the test. */
export async function serve(options: StartVerifierOptions = {}): Promise<RunningVerifier> {
  const running = await startVerifier({ port: 0, logger: { warn: () => {} }, ...options });
  onCleanup(() => running.close());
  return running;
}

export interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

/**
 * One request. `body` is sent as JSON unless it is a string (sent as it is); `token` becomes the bearer
 * header. @returns the status, headers and parsed JSON body (the text when it is not JSON).
 */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.body !== undefined ? { "content-type": "application/json" } : {}), ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const r = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: typeof options.body === "string" ? options.body : JSON.stringify(options.body) } : {}),
  });
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: r.status, headers: r.headers, body };
}

/** The built `hfw serve` as a child process. */
export interface ServeProcess {
  child: ChildProcess;
  url: string;
  /** Everything it wrote to standard error so far. */
  stderr(): string;
  /** Resolves with the exit code and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `hfw serve --port 0 ...args` and waits for its address (killed after the test if still running). */
export async function serveProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cli, "serve", "--port", "0", ...args], {
    cwd: root,
    env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: "", HFW_OTEL: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    return exited;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      stdout += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(stdout);
      if (m) resolve(m[1]!);
    });
    void exited.then(({ code }) => reject(new Error(`hfw serve exited ${code} before listening: ${stderr}`)));
  });
  return { child, url, stderr: () => stderr, exited };
}
