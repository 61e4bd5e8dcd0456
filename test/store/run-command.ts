/** Runs an `hfw` command in this process, with what it writes to standard output and error. */
import { vi } from "vitest";
import type { CliCommand } from "../../src/cli/cli-command.js";

export async function runCommand(command: CliCommand, argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { code: await command.run(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
