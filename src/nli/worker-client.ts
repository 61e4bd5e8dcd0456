/**
 * Runs tier 1's models in a worker thread so that tokenisation and inference never block the agent's event
 * loop. Requests are answered in order; at most `maxQueue` may wait at once (more are refused, so memory
 * stays bounded under load). When the thread dies (a crash, an out-of-memory abort, `kill()`), a fresh one
 * is started and each request in flight is sent again once; a request that kills two threads fails.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ConfigError, FirewallError } from "../errors.js";
import type { BackendConfig, ModelBackend, NliModelInfo, PairWindows, WindowRequest } from "./backend.js";
import type { WorkerOp, WorkerReply, WorkerRequest, WorkerValues } from "./worker-protocol.js";

interface Pending {
  request: WorkerRequest;
  attempts: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface WorkerBackendOptions {
  /** Requests that may wait at once (default 64). */
  maxQueue?: number;
}

/**
 * The worker's script. Built code runs `worker-entry.js` beside this file. From TypeScript sources (tests,
 * `tsx`) the `.ts` entry is loaded through tsx's loader, registered inside the new thread (loader hooks of
 * the parent thread do not reach a worker).
 */
function workerScript(): URL {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new URL("./worker-entry.js", here);
  const entry = new URL("./worker-entry.ts", here).href;
  const tsxRoot = dirname(createRequire(here).resolve("tsx/package.json"));
  const api = pathToFileURL(join(tsxRoot, "dist/esm/api/index.mjs")).href;
  const code = `import { register } from ${JSON.stringify(api)}; register(); await import(${JSON.stringify(entry)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

function toError(e: { name: string; message: string }): Error {
  if (e.name === "ConfigError") return new ConfigError(e.message);
  if (e.name === "FirewallError") return new FirewallError(e.message);
  const error = new Error(e.message);
  error.name = e.name;
  return error;
}

export class WorkerBackend implements ModelBackend {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private lastError: string | null = null;
  private readonly maxQueue: number;
  /** Threads started after the first one died. */
  restarts = 0;

  constructor(
    private readonly config: BackendConfig,
    options: WorkerBackendOptions = {},
  ) {
    this.maxQueue = options.maxQueue ?? 64;
  }

  /** Requests sent and not yet answered. */
  get inFlight(): number {
    return this.pending.size;
  }

  /** Operations of the requests sent and not yet answered, oldest (the one running) first. */
  get inFlightOps(): WorkerOp[] {
    return [...this.pending.values()].map((p) => p.request.op);
  }

  /** The thread id of the current worker, or null before the first request and after `close`. */
  get threadId(): number | null {
    return this.worker?.threadId ?? null;
  }

  private spawn(): Worker {
    const worker = new Worker(workerScript(), { workerData: this.config });
    worker.on("message", (reply: WorkerReply) => this.settle(reply));
    worker.on("error", (error) => {
      this.lastError = error.message;
    });
    worker.on("exit", (code) => this.onExit(worker, code));
    this.worker = worker;
    return worker;
  }

  private settle(reply: WorkerReply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (reply.ok) p.resolve(reply.value);
    else p.reject(toError(reply.error));
    if (this.pending.size === 0) this.worker?.unref();
  }

  private onExit(worker: Worker, code: number): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.closed) return;
    const why = this.lastError ?? `exit code ${code}`;
    this.lastError = null;
    const retry: Pending[] = [];
    for (const p of this.pending.values()) {
      if (p.attempts >= 2) {
        this.pending.delete(p.request.id);
        p.reject(new FirewallError(`The NLI worker thread died twice while answering '${p.request.op}' (${why}); the request was dropped.`));
      } else retry.push(p);
    }
    if (retry.length === 0) return;
    this.restarts++;
    const fresh = this.spawn();
    for (const p of retry) {
      p.attempts++;
      fresh.postMessage(p.request);
    }
  }

  private call<K extends WorkerOp>(op: K, args?: unknown): Promise<WorkerValues[K]> {
    if (this.closed) return Promise.reject(new FirewallError("The NLI backend is closed."));
    if (this.pending.size >= this.maxQueue) {
      return Promise.reject(new FirewallError(`The NLI queue is full (${this.maxQueue} requests waiting): verify fewer drafts at once or raise nli.maxQueue.`));
    }
    const id = this.nextId++;
    const request = (args === undefined ? { id, op } : { id, op, args }) as WorkerRequest;
    return new Promise<WorkerValues[K]>((resolve, reject) => {
      this.pending.set(id, { request, attempts: 1, resolve: resolve as (v: unknown) => void, reject });
      const worker = this.worker ?? this.spawn();
      worker.ref();
      worker.postMessage(request);
    });
  }

  nliInfo(): Promise<NliModelInfo> {
    return this.call("nliInfo");
  }

  windows(request: WindowRequest): Promise<PairWindows[]> {
    return this.call("windows", request);
  }

  classify(premises: string[], hypotheses: string[]): Promise<number[][]> {
    return this.call("classify", { premises, hypotheses });
  }

  embed(texts: string[]): Promise<number[][]> {
    return this.call("embed", { texts });
  }

  /**
   * Ends the current thread at once, as a crash would: requests in flight are sent again to a fresh thread.
   * For recovery drills and tests: ending the thread while ONNX Runtime is running an inference can abort the
   * whole process (onnxruntime-node completes its native work into the ended thread), so end it while the
   * running request is not `classify` or `embed` (see `inFlightOps`).
   */
  async kill(): Promise<void> {
    await this.worker?.terminate();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const worker = this.worker;
    if (worker) {
      try {
        await this.call("close");
      } catch {
        // the thread is going away either way
      }
    }
    this.closed = true;
    for (const p of this.pending.values()) p.reject(new FirewallError("The NLI backend was closed before answering."));
    this.pending.clear();
    this.worker = null;
    await worker?.terminate();
  }
}
