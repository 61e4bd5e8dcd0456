/**
 * `node dist/scripts/pack-manifest.js strip|restore`, run by npm as `prepack` and `postpack`: the packed
 * package.json leaves out the `prepare` script, and the working copy gets its own file back byte for byte.
 *
 * Why: `prepare` builds `dist/` when a clone runs `npm ci`, but a tarball already holds `dist/`. npm 11 lists
 * `prepare` among the install scripts of a dependency from any source other than the registry (a `.tgz` file,
 * a URL, git) and warns on every install that the consumer's `allowScripts` does not cover it
 * (https://docs.npmjs.com/cli/v11/commands/npm-install-scripts), although npm never runs it for a tarball.
 * npm reads the package.json to pack from disk after `prepack`, so the stripped file is the one packed.
 * Exit codes: 0 done, 2 bad usage.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const MANIFEST = "package.json";
/** The working copy's own package.json while a pack runs; a leftover one (a pack that was stopped) is restored first. */
const BACKUP = "package.json.pack-backup";

function restore(): void {
  if (existsSync(BACKUP)) renameSync(BACKUP, MANIFEST);
}

function strip(): void {
  restore();
  const original = readFileSync(MANIFEST, "utf8");
  const manifest = JSON.parse(original) as { scripts?: Record<string, string> };
  if (!manifest.scripts?.prepare) return;
  delete manifest.scripts.prepare;
  writeFileSync(BACKUP, original);
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

const command = process.argv[2];
if (command === "strip") strip();
else if (command === "restore") restore();
else {
  console.error("usage: node dist/scripts/pack-manifest.js strip|restore (run from the package's folder, as npm's prepack and postpack do)");
  process.exitCode = 2;
}
