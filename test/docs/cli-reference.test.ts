/**
 * The CLI reference (`docs/cli.md`) is what the CLI's help prints: generated from the help texts by
 * `npm run docs:cli`, and each section equal to the built `hfw`'s own `--help` output.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliReference } from "../../scripts/docs/cli-reference.js";
import { COMMAND_NAMES, helpText } from "../../src/cli/commands.js";

const root = new URL("../../", import.meta.url).pathname;
const cli = join(root, "dist/src/cli/main.js");

describe("docs/cli.md", () => {
  it("should equal what the generator writes from the help texts now", async () => {
    const page = readFileSync(join(root, "docs/cli.md"), "utf8");
    expect(page, "docs/cli.md is out of date with the CLI's help: run 'npm run docs:cli' and commit docs/cli.md").toBe(await cliReference());
  });

  it("should hold one section per command, each with its help text", async () => {
    const page = readFileSync(join(root, "docs/cli.md"), "utf8");
    expect(page.match(/^## .*$/gm)).toEqual(["## hfw", ...COMMAND_NAMES.map((name) => `## hfw ${name}`)]);
    for (const name of COMMAND_NAMES) expect(page).toContain(`## hfw ${name}\n\n\`\`\`text\n${await helpText(name)}\n\`\`\`\n`);
  });

  it.runIf(existsSync(cli)).each([[], ...COMMAND_NAMES.map((name) => [name])])(
    "should print the same help as the built 'hfw %s --help'",
    async (...command: string[]) => {
      const r = spawnSync(process.execPath, [cli, ...command, "--help"], { cwd: root, encoding: "utf8" });
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`${await helpText(command[0])}\n`);
    },
  );
});
