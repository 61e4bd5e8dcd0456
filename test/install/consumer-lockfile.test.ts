import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { consumerLockfile, nameOfPath, tarballUrl } from "./consumer-lockfile.js";

describe("consumerLockfile", () => {
  it.each([
    ["node_modules/zod", "zod"],
    ["node_modules/@opentelemetry/api", "@opentelemetry/api"],
    ["node_modules/a/node_modules/@s/b", "@s/b"],
  ])("should name the package at %s %s", (path, name) => {
    expect(nameOfPath(path)).toBe(name);
  });

  it.each([
    ["zod", "4.1.0", "https://registry.npmjs.org/zod/-/zod-4.1.0.tgz"],
    ["@opentelemetry/api", "1.9.0", "https://registry.npmjs.org/@opentelemetry/api/-/api-1.9.0.tgz"],
  ])("should address %s@%s's tarball in the registry", (name, version, url) => {
    expect(tarballUrl("https://registry.npmjs.org/", name, version)).toBe(url);
  });

  it("should keep the package and what it brings, and leave out dev-only entries and links", () => {
    const dir = mkdtempSync(join(tmpdir(), "hfw-lock-"));
    const tarball = join(dir, "pkg-1.2.3.tgz");
    writeFileSync(tarball, "not really a tarball");
    const lock = consumerLockfile(
      {
        lockfileVersion: 3,
        packages: {
          "": { name: "pkg" },
          "node_modules/zod": { version: "4.1.0", integrity: "sha512-z" },
          "node_modules/vitest": { version: "4.1.0", integrity: "sha512-v", dev: true },
          "node_modules/pg": { version: "8.0.0", integrity: "sha512-p", optional: true },
          "node_modules/esbuild": { version: "0.1.0", integrity: "sha512-e", devOptional: true },
          "node_modules/self": { resolved: "", link: true },
        },
      },
      { name: "pkg", version: "1.2.3", dependencies: { zod: "^4" }, optionalDependencies: { pg: "^8" }, scripts: { build: "tsc" } },
      tarball,
      "https://registry.example/",
    );
    expect(Object.keys(lock.packages)).toEqual(["", "node_modules/pkg", "node_modules/zod", "node_modules/pg", "node_modules/esbuild"]);
    expect(lock.packages["node_modules/pkg"]).toMatchObject({ version: "1.2.3", resolved: "file:pkg-1.2.3.tgz", dependencies: { zod: "^4" } });
    expect(lock.packages["node_modules/pkg"]!.integrity).toMatch(/^sha512-[A-Za-z0-9+/]+=*$/);
    expect(lock.packages["node_modules/pkg"]).not.toHaveProperty("scripts");
    expect(lock.packages["node_modules/zod"]).toEqual({ version: "4.1.0", integrity: "sha512-z", resolved: "https://registry.example/zod/-/zod-4.1.0.tgz" });
    expect(lock.packages["node_modules/esbuild"]).toMatchObject({ optional: true });
    expect(lock.packages["node_modules/esbuild"]).not.toHaveProperty("devOptional");
  });
});
