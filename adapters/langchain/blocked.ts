/**
 * Finds the `HallucinationBlocked` error behind a failed agent run: `createAgent` wraps errors thrown by
 * middleware in its own `MiddlewareError`, with the original as `cause`.
 */
import { HallucinationBlocked } from "../../src/index.js";

/**
 * @returns the `HallucinationBlocked` error itself or the first one in its `cause` chain (which carries
 *   `report`), or `undefined` when the run failed for another reason.
 */
export function findHallucinationBlocked(error: unknown): HallucinationBlocked | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (HallucinationBlocked.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
