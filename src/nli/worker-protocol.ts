/**
 * Messages between tier 1's main-thread client and its worker thread.
 */
import type { NliModelInfo, PairWindows, WindowRequest } from "./backend.js";

export type WorkerRequest =
  | { id: number; op: "nliInfo" }
  | { id: number; op: "windows"; args: WindowRequest }
  | { id: number; op: "classify"; args: { premises: string[]; hypotheses: string[] } }
  | { id: number; op: "embed"; args: { texts: string[] } }
  | { id: number; op: "close" };

export type WorkerOp = WorkerRequest["op"];

/** What each operation answers. */
export interface WorkerValues {
  nliInfo: NliModelInfo;
  windows: PairWindows[];
  classify: number[][];
  embed: number[][];
  close: null;
}

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: { name: string; message: string } };
