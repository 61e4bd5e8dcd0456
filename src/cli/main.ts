#!/usr/bin/env node
/**
 * The `hfw` command line. A run that takes more than 2 s shows its progress on standard error ("verify: 1200/5000
claims (24%), 3 s elapsed").

Exit codes: 0 the answer may ship, 1 the policy blocks it (or a ledger does not verify), 2 bad usage or input.
The `hook` commands always exit 0 (see `hook-command.ts`).

Each command's module is imported when it runs: `hfw hook capture` runs once per tool call of an agent and must not
pay for loading the verifier that `verify` needs.
 */
import { FirewallError } from "../errors.js";
import { type CliCommand, packageVersion, UsageError } from "./cli-command.js";

const MAIN_HELP = `hfw: verify an AI agent's answer against what its tools returned.

Usage:
  hfw verify --evidence FILE... --draft FILE|- [options]
  hfw verify --db FILE|URL --session ID --draft FILE|- [options]
  hfw hook capture | stop   [--db FILE|URL]   (a Claude Code hook's JSON on standard input)
  hfw mcp [--proxy FILE] [--http [--port N]] [--db FILE|URL]
  hfw serve [--port N] [--host H] [--db FILE|URL] [--token T]
  hfw dashboard [--db FILE|URL] [--port N] [--host H]
  hfw sessions | export SESSION_ID | prune --older-than DAYS   [--db FILE|URL]
  hfw audit verify [--db FILE|URL] [--session ID] | --file EXPORT.json
  hfw help [command]

--db takes a SQLite file or a postgres:// URL (default: HFW_DB, else .hfw/hfw.db).

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

Run 'hfw verify --help' for the options of verify, 'hfw hook --help' for the hooks, 'hfw mcp --help' for MCP,
'hfw serve --help' for the HTTP verifier.`;

const storeCommand = (name: string) => async (): Promise<CliCommand> => (await import("./store-commands.js")).STORE_COMMANDS[name]!;

/** The commands, each loaded on first use. */
const COMMANDS: Record<string, () => Promise<CliCommand>> = {
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

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === "help" || command === "--help" || command === "-h") {
      const load = Object.hasOwn(COMMANDS, rest[0] ?? "") ? COMMANDS[rest[0]!] : undefined;
      process.stdout.write(`${load ? (await load()).help : MAIN_HELP}\n`);
      return command === undefined ? 2 : 0;
    }
    if (command === "--version" || command === "-v" || command === "version") {
      process.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    if (!Object.hasOwn(COMMANDS, command)) throw new UsageError(`Unknown command '${command}'. Run 'hfw --help' for the commands.`);
    const cli = await COMMANDS[command]!();
    return await cli.run(rest);
  } catch (error) {
    if (error instanceof UsageError || FirewallError.isInstance(error)) {
      process.stderr.write(`hfw: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}

const code = await main(process.argv.slice(2));
process.exitCode = code;
