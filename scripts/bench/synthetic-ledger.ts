/**
 * The benchmark's synthetic agent ledger: package records like an npm registry answer (JSON) and prose
 * passages like a doc-search result, 1-10 KB each, and drafts about them. Deterministic for a given PRNG.
 */
const WORDS = "parser stream buffer client server cache router logger config schema token queue worker bundle plugin socket render".split(" ");
const PROSE = [
  "The package provides a small and fast implementation that works in Node.js and in browsers.",
  "Its maintainers publish a new minor release every few months and keep the public API stable.",
  "Most downloads come from build tools that depend on it indirectly through other libraries.",
  "The documentation lists the supported runtimes, the configuration options and known limitations.",
  "Security advisories are handled through the project's disclosure policy within a few days.",
];

export interface Pkg {
  name: string;
  version: string;
  versions: number;
  deps: number;
  license: string;
  size: number;
}

export function makePackage(r: () => number, i: number): Pkg {
  const name = `${WORDS[i % WORDS.length]}-${WORDS[Math.floor(r() * WORDS.length)]}-${i}`;
  return {
    name,
    version: `${1 + Math.floor(r() * 20)}.${Math.floor(r() * 30)}.${Math.floor(r() * 20)}`,
    versions: 5 + Math.floor(r() * 400),
    deps: Math.floor(r() * 40),
    license: r() < 0.7 ? "MIT" : "Apache-2.0",
    size: 50 + Math.floor(r() * 9000),
  };
}

/** A tool output of about `bytes` bytes about `pkg`: JSON (npm-view-like) or prose. */
export function makeOutput(r: () => number, pkg: Pkg, bytes: number, json: boolean): string {
  if (json) {
    const time: Record<string, string> = {};
    const deps: Record<string, string> = {};
    let out = "";
    for (let k = 0; out.length < bytes; k++) {
      time[`${k}.${k % 7}.${k % 3}`] = new Date(Date.UTC(2020 + (k % 6), k % 12, 1 + (k % 28))).toISOString();
      if (k < pkg.deps) deps[`${WORDS[k % WORDS.length]}-${k}`] = `^${k % 9}.${k % 5}.0`;
      out = JSON.stringify({
        name: pkg.name,
        version: pkg.version,
        license: pkg.license,
        versionCount: pkg.versions,
        dependencyCount: pkg.deps,
        unpackedSizeKb: pkg.size,
        dependencies: deps,
        time,
      });
    }
    return out;
  }
  let text = `${pkg.name} ${pkg.version} is licensed under ${pkg.license}. It has ${pkg.deps} dependencies and ${pkg.versions} published versions.`;
  while (text.length < bytes) text += ` ${PROSE[Math.floor(r() * PROSE.length)]}`;
  return text;
}

export function makeDraft(r: () => number, pkgs: Pkg[], claims: number): string {
  const lines: string[] = [];
  for (let i = 0; i < claims; i++) {
    const p = pkgs[Math.floor(r() * pkgs.length)]!;
    const roll = r();
    if (roll < 0.25) lines.push(`${p.name} has ${p.deps} dependencies.`);
    else if (roll < 0.45) lines.push(`The registry lists ${p.versions + (r() < 0.5 ? 0 : 7)} published versions of ${p.name}.`);
    else if (roll < 0.65) lines.push(`${p.name} is released under the ${p.license} license.`);
    else if (roll < 0.8) lines.push(`The latest version of ${p.name} is ${p.version}.`);
    else if (roll < 0.9) lines.push(`${p.name} was rewritten in Rust last year by its original author.`);
    else lines.push(`${p.name} needs about ${(p.size / 1000).toFixed(1)} MB once unpacked.`);
  }
  return lines.join(" ");
}
