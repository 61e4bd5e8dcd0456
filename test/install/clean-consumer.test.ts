/**
 * The package as a consumer gets it: packed, then installed from the tarball into a new project without
 * optional dependencies or optional peers, offline, from npm's cache (which the repository's own `npm ci`
 * filled), with a consumer lockfile made from the repository's (`consumer-lockfile.ts`). Checks what a
 * newcomer would see first: a quiet install that compiles nothing, the entry points importable (all but
 * ./langchain, which is made of its peers), the `hfw` CLI working, and a clear message naming the install
 * command when they reach for the SQLite store or the MCP server.
 *
 * Packs a copy of the package's files (package.json, the docs and `dist/`, which `npm test` builds before
 * vitest runs) with the same `pack-manifest.js strip` that npm's `prepack` runs, so that the repository's
 * package.json is never rewritten while other test files read it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consumerLockfile } from "./consumer-lockfile.js";

const root = new URL("../../", import.meta.url).pathname;
const packManifest = join(root, "dist/scripts/pack-manifest.js");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  files: string[];
  exports: Record<string, unknown>;
};

/**
 * The environment without what an outer `npm test` exports for its own project (its prefix, package and
 * lifecycle), which would otherwise point the consumer's npm back at this repository.
 */
function consumerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_(package|lifecycle)_|^npm_config_(local_prefix|call)$|^npm_command$|^INIT_CWD$/.test(key)) continue;
    env[key] = value;
  }
  return env;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(cwd: string, command: string, args: string[]): Run {
  const r = spawnSync(command, args, { cwd, env: consumerEnv(), encoding: "utf8", timeout: 240_000 });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Copies the files npm packs and packs them with the published manifest; returns the tarball's path. */
function pack(work: string): string {
  const staging = join(work, "package");
  mkdirSync(staging);
  for (const entry of ["package.json", ...manifest.files]) cpSync(join(root, entry), join(staging, entry), { recursive: true });
  execFileSync(process.execPath, [packManifest, "strip"], { cwd: staging });
  const name = execFileSync("npm", ["pack", "--ignore-scripts", "--pack-destination", work], { cwd: staging, env: consumerEnv(), encoding: "utf8" });
  return join(work, name.trim().split("\n").at(-1)!);
}

describe("pack-manifest", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "hfw-pack-manifest-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("should leave out the prepare script while packing and give the file back byte for byte", () => {
    const original = '{\n  "name": "p",\n  "scripts": {\n    "prepare": "npm run build",\n    "build": "tsc"\n  }\n}\n';
    writeFileSync(join(dir, "package.json"), original);
    execFileSync(process.execPath, [packManifest, "strip"], { cwd: dir });
    expect(JSON.parse(readFileSync(join(dir, "package.json"), "utf8"))).toEqual({ name: "p", scripts: { build: "tsc" } });
    execFileSync(process.execPath, [packManifest, "restore"], { cwd: dir });
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(original);
    expect(readdirSync(dir)).toEqual(["package.json"]);
  });

  it("should restore the file a stopped pack left behind before stripping again", () => {
    const original = '{"name":"p","scripts":{"prepare":"npm run build"}}';
    writeFileSync(join(dir, "package.json"), original);
    execFileSync(process.execPath, [packManifest, "strip"], { cwd: dir });
    execFileSync(process.execPath, [packManifest, "strip"], { cwd: dir });
    execFileSync(process.execPath, [packManifest, "restore"], { cwd: dir });
    expect(readFileSync(join(dir, "package.json"), "utf8")).toBe(original);
  });
});

describe("a clean consumer install of the packed package", () => {
  let work: string;
  let consumer: string;
  let install: Run;

  beforeAll(() => {
    if (!existsSync(packManifest)) throw new Error("dist/ is missing: run 'npm run build' first ('npm test' does).");
    work = mkdtempSync(join(tmpdir(), "hfw-consumer-"));
    const tarball = pack(work);
    consumer = join(work, "consumer");
    mkdirSync(consumer);
    // The consumer names the tarball and pins what it brings with a lockfile made from ours, so `npm ci
    // --offline` installs from npm's cache (which the repository's own `npm ci` filled) and never asks the
    // registry to resolve a version range.
    const local = join(consumer, basename(tarball));
    cpSync(tarball, local);
    const packed = JSON.parse(readFileSync(join(work, "package", "package.json"), "utf8")) as Record<string, unknown>;
    const consumerManifest = {
      name: "consumer",
      version: "1.0.0",
      private: true,
      type: "module",
      dependencies: { [packed.name as string]: `file:${basename(tarball)}` },
    };
    writeFileSync(join(consumer, "package.json"), `${JSON.stringify(consumerManifest, null, 2)}\n`);
    const registry = run(consumer, "npm", ["config", "get", "registry"]).stdout.trim() || "https://registry.npmjs.org/";
    const lock = consumerLockfile(JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")), packed, local, registry);
    writeFileSync(join(consumer, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
    install = run(consumer, "npm", ["ci", "--offline", "--omit=optional", "--no-audit", "--no-fund"]);
  }, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("should install without a warning", () => {
    expect(install.code, install.stderr).toBe(0);
    expect(`${install.stdout}\n${install.stderr}`).not.toMatch(/npm warn/i);
  });

  it("should ship the docs the README links to, and the license", () => {
    const installed = join(consumer, "node_modules", "hallucination-firewall");
    for (const file of ["README.md", "CHANGELOG.md", "LICENSE", "docs/getting-started.md", "docs/cli.md", "docs/dashboard.png"]) {
      expect(existsSync(join(installed, file)), file).toBe(true);
    }
  });

  it("should not install better-sqlite3 or any other optional package", () => {
    const installed = readdirSync(join(consumer, "node_modules"));
    expect(installed).toContain("hallucination-firewall");
    for (const optional of ["better-sqlite3", "pg", "express", "helmet", "@modelcontextprotocol", "@huggingface", "@langchain", "ai"]) {
      expect(installed).not.toContain(optional);
    }
  });

  /** Runs a module script of these lines in the consumer's folder, as a user's own code; returns its standard output. */
  function runScript(name: string, lines: string[]): string {
    writeFileSync(join(consumer, name), lines.join("\n"));
    const r = run(consumer, process.execPath, [name]);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout;
  }

  // ./langchain's public classes extend LangChain's own (BaseCallbackHandler, Runnable, BaseChatModel), so its
  // optional peers are what it is made of; every other entry point loads its optional packages on use.
  it("should import every entry point of the package's exports but ./langchain, which names its missing peer", () => {
    const entries = Object.keys(manifest.exports)
      .filter((subpath) => subpath !== "./package.json")
      .map((subpath) => `hallucination-firewall${subpath.slice(1)}`);
    expect(entries).toHaveLength(7);
    const failures = JSON.parse(
      runScript("import-all.mjs", [
        "const failed = {};",
        `for (const entry of ${JSON.stringify(entries)}) {`,
        "  try { await import(entry); } catch (error) { failed[entry] = error.message; }",
        "}",
        "console.log(JSON.stringify(failed));",
      ]),
    ) as Record<string, string>;
    expect(Object.keys(failures)).toEqual(["hallucination-firewall/langchain"]);
    expect(failures["hallucination-firewall/langchain"]).toContain("Cannot find package '@langchain/core'");
  });

  it("should name the install command when the MCP server or tracing is set up without its optional packages", () => {
    const out = runScript("set-up.mjs", [
      'import { Firewall } from "hallucination-firewall";',
      'import { createFirewallMcpServer } from "hallucination-firewall/mcp";',
      'import { setupTracing } from "hallucination-firewall/otel";',
      "for (const setUp of [() => createFirewallMcpServer({ firewall: new Firewall() }), () => setupTracing()]) {",
      "  try { setUp(); console.log('set up'); } catch (error) { console.log(`${error.name}: ${error.message}`); }",
      "}",
    ]);
    const [mcp, otel] = out.trim().split("\n");
    expect(mcp).toMatch(/^ConfigError: .*run 'npm install @modelcontextprotocol\/sdk@1'/);
    expect(otel).toMatch(/^ConfigError: .*run 'npm install @opentelemetry\/sdk-node@0\.223 /);
  });

  it("should print the package's version with hfw --version", () => {
    const r = run(consumer, "npx", ["--no", "--", "hfw", "--version"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(manifest.version);
  });

  it("should name the install command when hfw mcp is started without the MCP SDK, with exit code 2", () => {
    const r = run(consumer, "npx", ["--no", "--", "hfw", "mcp"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("npm install @modelcontextprotocol/sdk@1");
  });

  describe("hfw verify", () => {
    beforeAll(() => {
      writeFileSync(join(consumer, "orders.json"), JSON.stringify({ order_id: "A-1042", status: "shipped", total_usd: 129.5, items: 3 }));
      writeFileSync(join(consumer, "right.md"), "Order A-1042 was shipped. Its total was $129.50 for 3 items.\n");
      writeFileSync(join(consumer, "wrong.md"), "Order A-1042 was shipped. Its total was $149.50 for 3 items.\n");
    });

    it("should pass a draft the evidence supports, with exit code 0", () => {
      const r = run(consumer, "npx", ["--no", "--", "hfw", "verify", "--evidence", "orders.json", "--draft", "right.md"]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain("decision: pass");
    });

    it("should block a wrong total with its correction, with exit code 1", () => {
      const r = run(consumer, "npx", ["--no", "--", "hfw", "verify", "--evidence", "orders.json", "--draft", "wrong.md", "--action", "block"]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toMatch(/contradicted\s+"Its total was \$149\.50/);
      expect(r.stdout).toContain("$149.50 → $129.50");
      expect(r.stdout).toContain("decision: block");
    });

    it("should name the install command when the SQLite store is asked for, with exit code 2", () => {
      const r = run(consumer, "npx", ["--no", "--", "hfw", "verify", "--evidence", "orders.json", "--draft", "right.md", "--db", "sessions.sqlite"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("npm install better-sqlite3@12");
      expect(existsSync(join(consumer, "sessions.sqlite"))).toBe(false);
    });
  });
});
