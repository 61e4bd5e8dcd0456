/** A Claude Code hook's standard input as JSON, with an error that says how the hook is meant to be run. */
import { FirewallError } from "../errors.js";

/**
 * @param text the hook's standard input.
 * @param hook the `hfw hook` subcommand and the hook event it is wired to, for the message.
 * @throws FirewallError when the text is not JSON.
 */
export function parseHookJson(text: string, hook: { command: string; event: string }): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new FirewallError(
      `The hook input is not JSON (${(cause as Error).message}): run 'hfw hook ${hook.command}' as a Claude Code ${hook.event} hook, which writes one JSON object to its standard input.`,
      { cause },
    );
  }
}
