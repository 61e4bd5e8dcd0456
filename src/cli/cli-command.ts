/** What a command of the `hfw` line is, the error that means "bad usage" (exit code 2), and its flag parsing. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ConfigError } from "../errors.js";
import { firewallVersion } from "../version.js";

/** One `hfw` command: its help text and what runs it. `run` returns the exit code. */
export interface CliCommand {
  help: string;
  run: (argv: string[]) => number | Promise<number>;
}

/** Bad flags or unreadable input: `hfw` prints the message and exits with code 2. */
export class UsageError extends Error {}

/** The package's version, from its `package.json` (`unknown` if a bundler left that out). */
export function packageVersion(): string {
  return firewallVersion() ?? "unknown";
}

/**
 * The policy preset a command runs with: its `--strictness` flag, else `HFW_STRICTNESS` (blank counts as
 * unset), else `balanced`. Not validated here: each command says what a bad value means for it.
 */
export function strictnessSetting(flag: string | undefined): string {
  return flag ?? (process.env.HFW_STRICTNESS?.trim() || "balanced");
}

type Options = NonNullable<ParseArgsConfig["options"]>;
const HELP = { help: { type: "boolean", short: "h" } } as const;
type CommandConfig<O extends Options, P extends boolean> = { args: string[]; strict: true; allowPositionals: P; options: O & typeof HELP };

/**
 * A command's flags, parsed strictly, with `-h, --help` added: when it is given, prints `help` and returns null
 * (the command then exits 0).
 * @throws ConfigError naming the bad flag, and the command's `--help`.
 */
export function commandArgs<const O extends Options, const P extends boolean = false>(
  command: string,
  help: string,
  argv: string[],
  options: O,
  allowPositionals?: P,
): ReturnType<typeof parseArgs<CommandConfig<O, P>>> | null {
  let parsed: ReturnType<typeof parseArgs<CommandConfig<O, P>>>;
  try {
    parsed = parseArgs<CommandConfig<O, P>>({ args: argv, strict: true, allowPositionals: (allowPositionals ?? false) as P, options: { ...options, ...HELP } });
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\nRun 'hfw ${command} --help' for the options.`);
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${help}\n`);
    return null;
  }
  return parsed;
}
