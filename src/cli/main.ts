#!/usr/bin/env node
/**
 * The `hfw` command line: runs the command `argv` names (see `commands.ts`) and turns a usage or input error
 * into its message on standard error and exit code 2.
 *
 * Exit codes: 0 the answer may ship, 1 the policy blocks it (or a ledger does not verify), 2 bad usage or
 * input. The `hook` commands always exit 0 (see `hook-command.ts`).
 */
import { FirewallError } from "../errors.js";
import { packageVersion, UsageError } from "./cli-command.js";
import { COMMANDS, helpText } from "./commands.js";

/** Runs one `hfw` command line (without `node` and the script); returns its exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined || command === "help" || command === "--help" || command === "-h") {
      const named = rest[0] !== undefined && Object.hasOwn(COMMANDS, rest[0]) ? rest[0] : undefined;
      process.stdout.write(`${await helpText(named)}\n`);
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
