/**
 * Writes `docs/cli.md`, the CLI reference, from the CLI's own help texts: `hfw --help`, then each command's
 * `--help`, one section each. The page is never edited by hand, so it cannot disagree with the CLI;
 * `test/docs/cli-reference.test.ts` fails when it is out of date.
 *
 *   npm run docs:cli
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { COMMAND_NAMES, helpText } from "../../src/cli/commands.js";

const INTRO = `Every command of \`hfw\` and every flag and environment variable it reads, as \`hfw --help\` and
\`hfw COMMAND --help\` print them. This page is generated from those help texts by \`npm run docs:cli\`
(and a test fails when it is out of date): to change it, change the help in \`src/cli/\`. In a project where
the package is installed, run \`npx hfw ...\` (outside one, npx would look for another package named
\`hfw\`); from a clone, \`npm run -s hfw -- ...\` (\`-s\` keeps npm's banner off standard output, as
\`--json\` needs).`;

/** One `##` section: the command line as its title, its help text as printed. */
function section(title: string, help: string): string {
  return `## ${title}\n\n\`\`\`text\n${help}\n\`\`\`\n`;
}

/** The text of `docs/cli.md` as the CLI's help texts give it now. */
export async function cliReference(): Promise<string> {
  const sections = [section("hfw", await helpText())];
  for (const name of COMMAND_NAMES) sections.push(section(`hfw ${name}`, await helpText(name)));
  return `# CLI reference\n\n${INTRO}\n\n${sections.join("\n")}`;
}

/** `docs/cli.md` of this checkout, run from `scripts/docs/` or from the build's `dist/scripts/docs/`. */
function pagePath(): string {
  const root = import.meta.url.includes("/dist/scripts/") ? "../../../" : "../../";
  return fileURLToPath(new URL(`${root}docs/cli.md`, import.meta.url));
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const path = pagePath();
  writeFileSync(path, await cliReference());
  process.stdout.write(`wrote ${path}\n`);
}
