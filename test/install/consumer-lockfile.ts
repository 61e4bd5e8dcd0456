/**
 * A consumer project's `package-lock.json` for installing the packed package, made from this repository's own
 * lockfile: the package itself (a `file:` tarball) and every dependency entry that is not dev-only, each with
 * the integrity our lockfile pins and its registry address. `npm ci --offline` then installs from npm's
 * cache alone, by content address, with no registry document to resolve version ranges against.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { basename } from "node:path";

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  link?: boolean;
  [key: string]: unknown;
}

interface Lockfile {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/** The registry address of a package version's tarball (`@scope/name` keeps its scope in the path). */
export function tarballUrl(registry: string, name: string, version: string): string {
  const base = name.startsWith("@") ? name.split("/")[1]! : name;
  return `${registry.replace(/\/$/, "")}/${name}/-/${base}-${version}.tgz`;
}

/** The package name an entry's lockfile path ends with (`node_modules/a/node_modules/@s/b` -> `@s/b`). */
export function nameOfPath(path: string): string {
  return path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
}

/**
 * @param repoLock this repository's lockfile (parsed)
 * @param manifest the packed package.json (as the tarball holds it)
 * @param tarball path of the packed tarball; the consumer refers to it by file name, beside its package.json
 */
export function consumerLockfile(repoLock: Lockfile, manifest: Record<string, unknown>, tarball: string, registry: string): Lockfile {
  const file = `file:${basename(tarball)}`;
  const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
  const pick = (keys: string[]) => Object.fromEntries(keys.filter((k) => manifest[k] !== undefined).map((k) => [k, manifest[k]]));
  const packages: Record<string, LockEntry> = {
    "": { name: "consumer", version: "1.0.0", dependencies: { [manifest.name as string]: file } },
    [`node_modules/${manifest.name as string}`]: {
      version: manifest.version as string,
      resolved: file,
      integrity,
      ...pick(["license", "dependencies", "optionalDependencies", "peerDependencies", "peerDependenciesMeta", "bin", "engines"]),
    },
  };
  for (const [path, entry] of Object.entries(repoLock.packages)) {
    if (path === "" || !path.startsWith("node_modules/") || entry.dev || entry.link) continue;
    const { dev: _dev, devOptional, resolved, ...rest } = entry;
    packages[path] = {
      ...rest,
      ...(entry.version ? { resolved: resolved ?? tarballUrl(registry, nameOfPath(path), entry.version) } : {}),
      ...(devOptional ? { optional: true } : {}),
    };
  }
  return { name: "consumer", version: "1.0.0", lockfileVersion: 3, requires: true, packages } as Lockfile;
}
