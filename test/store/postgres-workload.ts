/**
 * The concurrency test's workload, shared by the test and its worker processes: tool outputs recorded into
 * shared sessions (some twice under the same callId, as a retried hook would), and drafts verified in them.
 */

/** Sessions the workers share. */
export const SESSIONS = 50;
/** Tool outputs recorded per session (over all recorders). */
export const OUTPUTS_PER_SESSION = 100;
/** Recorder processes; output k of session s goes to recorder (s * OUTPUTS_PER_SESSION + k) % RECORDERS. */
export const RECORDERS = 4;

export interface Output {
  source: string;
  callId: string | null;
  content: { service: string; latency_ms: number; region: string };
}

export function sessionId(prefix: string, s: number): string {
  return `${prefix}-s${s}`;
}

function contentOf(s: number, k: number): Output["content"] {
  return { service: `svc-${s}-${k}`, latency_ms: 100 + ((s * 7 + k * 13) % 900), region: `eu-west-${k % 3}` };
}

/**
 * Output k of session s. Every tenth output has no callId; the one after each k ≡ 8 (mod 10) repeats it
 * (same callId, same content), and lands on another recorder, so two processes race to store it.
 */
export function outputOf(s: number, k: number): Output {
  if (k % 10 === 9) return { ...outputOf(s, k - 1) };
  return { source: "metrics", callId: k % 10 === 0 ? null : `call-${s}-${k}`, content: contentOf(s, k) };
}

/** Records each session ends with: one per output but the repeats. */
export const DISTINCT_PER_SESSION = OUTPUTS_PER_SESSION - OUTPUTS_PER_SESSION / 10;

/** The outputs recorder `r` records, as [session, k] pairs, sessions interleaved. */
export function assigned(r: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let k = 0; k < OUTPUTS_PER_SESSION; k++) for (let s = 0; s < SESSIONS; s++) if ((s * OUTPUTS_PER_SESSION + k) % RECORDERS === r) out.push([s, k]);
  return out;
}

/** A draft about two outputs of session s: one figure as recorded, one off. */
export function draftOf(s: number, n: number): string {
  const a = (n * 7) % OUTPUTS_PER_SESSION;
  const b = (n * 11 + 3) % OUTPUTS_PER_SESSION;
  return `svc-${s}-${a} has a latency of ${contentOf(s, a).latency_ms} ms. svc-${s}-${b} has a latency of ${contentOf(s, b).latency_ms + 5} ms.`;
}
