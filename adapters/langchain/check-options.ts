/**
 * Checks an adapter's options when it is set up (not in the user's run): a wrong option is a `ConfigError`
 * that names it and the accepted values.
 */
import { ConfigError } from "../../src/index.js";

/** @throws ConfigError when `options.firewall` is not a Firewall, or a named option has a value it does not take. */
export function checkOptions(
  where: string,
  options: { firewall?: unknown; onBlock?: unknown; onError?: unknown; maxRetries?: unknown; stream?: unknown } | undefined,
): void {
  const firewall = options?.firewall as { session?: unknown } | undefined;
  if (typeof firewall?.session !== "function") {
    throw new ConfigError(`${where} needs { firewall }: pass the Firewall whose sessions hold the evidence, e.g. ${where}({ firewall: new Firewall() }).`);
  }
  const oneOf = (name: string, value: unknown, accepted: string[]) => {
    if (value !== undefined && !accepted.includes(value as string)) {
      throw new ConfigError(`${where}: ${name} must be ${accepted.map((a) => `"${a}"`).join(" or ")}, got ${JSON.stringify(value)}.`);
    }
  };
  oneOf("onBlock", options?.onBlock, ["refuse", "throw"]);
  oneOf("onError", options?.onError, ["pass", "refuse"]);
  oneOf("stream", options?.stream, ["progressive", "gate", "observe"]);
  const retries = options?.maxRetries;
  if (retries !== undefined && !(Number.isInteger(retries) && (retries as number) >= 0)) {
    throw new ConfigError(`${where}: maxRetries must be a whole number of correction turns (0 or more), got ${JSON.stringify(retries)}.`);
  }
}
