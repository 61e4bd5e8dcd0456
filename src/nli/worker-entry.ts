/**
 * Entry of tier 1's worker thread: runs an {@link InThreadBackend} and answers the main thread's requests
 * one at a time, in order (the model runs one batch at a time anyway; ONNX Runtime parallelises inside).
 */
import { parentPort, workerData } from "node:worker_threads";
import { InThreadBackend, type BackendConfig } from "./backend.js";
import type { WorkerReply, WorkerRequest } from "./worker-protocol.js";

const port = parentPort;
if (!port) throw new Error("worker-entry must run in a worker thread");
const backend = new InThreadBackend(workerData as BackendConfig);

let queue: Promise<void> = Promise.resolve();

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  try {
    switch (request.op) {
      case "nliInfo":
        return { id: request.id, ok: true, value: await backend.nliInfo() };
      case "windows":
        return { id: request.id, ok: true, value: await backend.windows(request.args) };
      case "classify":
        return { id: request.id, ok: true, value: await backend.classify(request.args.premises, request.args.hypotheses) };
      case "embed":
        return { id: request.id, ok: true, value: await backend.embed(request.args.texts) };
      case "close":
        await backend.close();
        return { id: request.id, ok: true, value: null };
    }
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return { id: request.id, ok: false, error: { name: e.name, message: e.message } };
  }
}

port.on("message", (request: WorkerRequest) => {
  queue = queue.then(async () => port.postMessage(await handle(request)));
});
