/** The firewall's own version, as its `package.json` states it. */
import { readFileSync } from "node:fs";

const PACKAGE = "hallucination-firewall";
let cached: { version: string | undefined } | undefined;

/**
 * The version of this package (`package.json`'s `version`, semver), read once. The file is found by walking
 * up from this module, so the answer is the same from the sources (`src/`) and from the build (`dist/src/`).
 * @returns the version, or `undefined` when no `package.json` of this package is found above the module (a
 *   bundler copied the code without it).
 */
export function firewallVersion(): string | undefined {
  cached ??= { version: findVersion() };
  return cached.version;
}

function findVersion(): string | undefined {
  for (let dir = new URL("./", import.meta.url), depth = 0; depth < 4; dir = new URL("../", dir), depth++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL("package.json", dir), "utf8")) as { name?: unknown; version?: unknown };
      if (pkg.name === PACKAGE && typeof pkg.version === "string") return pkg.version;
    } catch {
      // No package.json here (or not one of ours): look one folder up.
    }
  }
  return undefined;
}
