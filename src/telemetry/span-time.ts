import type { HrTime } from "@opentelemetry/api";

/**
 * A span timestamp on one clock for every span the firewall starts or ends: `performance.timeOrigin` plus a
 * `performance.now()` reading (ms), as `[seconds, nanoseconds]` since the epoch.
 *
 * Left to itself, the SDK anchors each span's numeric times to `Date.now()` read when that span started,
 * which is only whole milliseconds: a child could then end a fraction of a millisecond after its parent.
 *
 * @param now a `performance.now()` reading in ms (default: now).
 */
export function spanTime(now: number = performance.now()): HrTime {
  const ms = performance.timeOrigin + now;
  const seconds = Math.floor(ms / 1000);
  const nanos = Math.min(999_999_999, Math.round((ms - seconds * 1000) * 1e6));
  return [seconds, nanos];
}
