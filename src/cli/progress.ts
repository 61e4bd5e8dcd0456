/**
 * The verify command's progress line on stderr, shown once a run has taken more than a couple of seconds:
 * rewritten in place on a terminal, a line per 10% otherwise (the style of the eval script's own line).
 */

/** Runs shorter than this print no progress, ms. */
export const PROGRESS_AFTER_MS = 2000;

export interface ProgressLineOptions {
  /** Where the line goes (default `process.stderr`); a TTY gets it rewritten in place. */
  stream?: { write(text: string): unknown; isTTY?: boolean };
  /** Elapsed time before the first line, ms (default {@link PROGRESS_AFTER_MS}, or `HFW_PROGRESS_AFTER_MS`). */
  afterMs?: number;
  /** When the run started, a `performance.now()` time (default: now). */
  started?: number;
}

/**
 * @returns an `onProgress(done, total)` for `verify` that writes
 *   `verify: 1200/5000 claims (24%), 3 s elapsed`; nothing for a run that ends within `afterMs`.
 */
export function progressLine(options: ProgressLineOptions = {}): (done: number, total: number) => void {
  const stream = options.stream ?? process.stderr;
  const afterMs = options.afterMs ?? envAfterMs() ?? PROGRESS_AFTER_MS;
  const started = options.started ?? performance.now();
  const tty = stream.isTTY === true;
  let shown = false;
  let lastTenth = -1;
  return (done, total) => {
    const ms = performance.now() - started;
    if (!shown && ms < afterMs) return;
    const pct = total === 0 ? 100 : Math.floor((100 * done) / total);
    const text = `verify: ${done}/${total} claims (${pct}%), ${(ms / 1000).toFixed(0)} s elapsed`;
    const tenth = Math.floor(pct / 10);
    shown = true;
    if (tty) stream.write(`\r${text}${done === total ? "\n" : ""}`);
    else if (tenth > lastTenth || done === total) {
      lastTenth = tenth;
      stream.write(`${text}\n`);
    }
  };
}

/** `HFW_PROGRESS_AFTER_MS`, a hidden setting (tests set it to 0 to see the line on a short run). */
function envAfterMs(): number | undefined {
  const raw = process.env.HFW_PROGRESS_AFTER_MS;
  if (raw === undefined || raw.trim() === "") return undefined;
  const ms = Number(raw);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}
