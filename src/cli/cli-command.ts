/** What a command of the `hfw` line is, and the error that means "bad usage" (exit code 2). */
import { readFileSync } from "node:fs";

/** One `hfw` command: its help text and what runs it. `run` returns the exit code. */
export interface CliCommand {
  help: string;
  run: (argv: string[]) => number | Promise<number>;
}

/** Bad flags or unreadable input: `hfw` prints the message and exits with code 2. */
export class UsageError extends Error {}

/** The package's version, from its `package.json`. */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}
