/**
 * A concurrency limit for model calls: at most `n` run at once, the rest wait in order.
 */

/** Runs tasks with at most `concurrency` in flight. */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

/** @param concurrency calls in flight at once (at least 1). */
export function createLimiter(concurrency: number): Limiter {
  const max = Math.max(1, Math.floor(concurrency));
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    // A finishing task hands its slot straight to the next waiter, so `active` never exceeds `max`.
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
