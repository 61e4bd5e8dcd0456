/**
 * A first-in first-out queue between a producer task and one async consumer. The producer waits on `room()`
 * before it reads more of its source, so a consumer that stops reading stops the producer once `highWater`
 * items wait (the producer may still push what it already has: the bound is on reading, not on pushing).
 */
export class EventQueue<T> {
  private readonly items: T[] = [];
  private wakeConsumer: (() => void) | undefined;
  private wakeProducer: (() => void) | undefined;

  /** @param highWater items waiting for the consumer at which `room()` stops resolving until it reads. */
  constructor(private readonly highWater: number) {}

  /** Adds an item and wakes the consumer. */
  push(item: T): void {
    this.items.push(item);
    this.wakeConsumer?.();
    this.wakeConsumer = undefined;
  }

  /** Resolves with the next item once there is one. */
  async shift(): Promise<T> {
    while (this.items.length === 0) await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
    const item = this.items.shift() as T;
    if (this.items.length < this.highWater) {
      this.wakeProducer?.();
      this.wakeProducer = undefined;
    }
    return item;
  }

  /** Resolves once fewer than `highWater` items wait (at once when that is already so). */
  async room(): Promise<void> {
    while (this.items.length >= this.highWater) await new Promise<void>((resolve) => (this.wakeProducer = resolve));
  }
}

/**
 * Resolves as `promise` does, or with `undefined` as soon as `signal` aborts. A rejection of `promise` after
 * the abort is dropped: whoever stopped waiting no longer wants its result.
 */
export async function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  promise.catch(() => {});
  if (signal.aborted) return undefined;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort!);
  }
}
