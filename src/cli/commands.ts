/**
 * The commands of the `hfw` line and their help texts. Each command's module is imported when it runs (or
 * its help is asked for): `hfw hook capture` runs once per tool call of an agent and must not pay for loading
 * the verifier that `verify` needs. `scripts/docs/cli-reference.ts` writes `docs/cli.md` from these texts.
 */
import type { CliCommand } from "./cli-command.js";

/** What `hfw --help` prints. */
export const MAIN_HELP = `hfw: verify an AI agent's answer against what its tools returned.

Usage:
  hfw verify --evidence PATH... --draft FILE|- [options]
  hfw verify --db FILE|URL --session ID --draft FILE|- [options]
  hfw hook capture | stop   [--db FILE|URL]   (a Claude Code hook's JSON on standard input)
  hfw mcp [--proxy FILE] [--http [--port N]] [--db FILE|URL]
  hfw serve [--port N] [--host H] [--db FILE|URL] [--token T]
  hfw dashboard [--db FILE|URL] [--port N] [--host H]
  hfw sessions | export SESSION_ID | prune --older-than DAYS   [--db FILE|URL]
  hfw audit verify [--db FILE|URL] [--session ID] | --file EXPORT.json
  hfw help [command]

--db takes a SQLite file or a postgres:// URL (default: HFW_DB, or the older HFW_STORE,
else .hfw/hfw.db).

Commands:
  verify     check every claim of a draft answer against evidence files
  hook       Claude Code hooks: record each tool output (capture), check the final answer (stop)
  mcp        serve the firewall to MCP clients, and record what proxied MCP servers return
  serve      the firewall as a stateless HTTP verifier (JSON API) for agents in any language
  dashboard  browse the sessions, answers and evidence of a database
  sessions   list the sessions of a database
  export     one session's report as JSON or Markdown
  prune      delete sessions idle for more than N days
  audit      check each session's tamper-evident hash chain, in a database or an export

Options:
  -h, --help       this help
  -v, --version    the version

Run 'hfw COMMAND --help' (or 'hfw help COMMAND') for a command's options. 'hfw verify --help' also
tells how each evidence file is read, what a claim's confidence means, and the exit codes: 0 the
answer may ship, 1 the policy blocks it, 2 bad usage or input. From a clone: 'npm run hfw -- ...'.`;

const storeCommand = (name: string) => async (): Promise<CliCommand> => (await import("./store-commands.js")).STORE_COMMANDS[name]!;

/** The commands, each loaded on first use. */
export const COMMANDS: Record<string, () => Promise<CliCommand>> = {
  verify: async () => (await import("./verify-command.js")).VERIFY_COMMAND,
  hook: async () => (await import("./hook-command.js")).HOOK_COMMAND,
  mcp: async () => (await import("./mcp-command.js")).MCP_COMMAND,
  serve: async () => (await import("./serve-command.js")).SERVE_COMMAND,
  dashboard: storeCommand("dashboard"),
  sessions: storeCommand("sessions"),
  export: storeCommand("export"),
  prune: storeCommand("prune"),
  audit: async () => (await import("./audit-command.js")).AUDIT_COMMAND,
};

/** The command names, in the order `hfw --help` lists them. */
export const COMMAND_NAMES = Object.keys(COMMANDS);

/**
 * What `hfw COMMAND --help` prints (without its final newline), or `hfw --help` without a command.
 * @throws Error for an unknown command name.
 */
export async function helpText(command?: string): Promise<string> {
  if (command === undefined) return MAIN_HELP;
  if (!Object.hasOwn(COMMANDS, command)) throw new Error(`No command '${command}': the commands are ${COMMAND_NAMES.join(", ")}.`);
  return (await COMMANDS[command]!()).help;
}
