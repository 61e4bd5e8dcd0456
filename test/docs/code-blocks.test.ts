/**
 * The code blocks of README.md and docs/ stay true: TypeScript blocks type-check against the package's public
 * types, shell blocks name real npm scripts, `hfw` commands, flags and files, JSON blocks parse, and blocks
 * marked `runnable` run offline from the repository root. A renamed option breaks this test, not the reader.
 *
 * Info-string markers: ```ts fragment (a sketch, not type-checked; a handful at most), ```ts runnable and
 * ```sh runnable (run; must exit 0, or the code given: ```sh runnable exit=1).
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CodeBlock, docsCodeBlocks, docsFiles } from "./markdown.js";
import { type ShellContext, shellCommands, shellContext, shellProblems } from "./shell.js";
import { typeCheckBlocks } from "./typescript.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const blocks = docsCodeBlocks(root);
const files = docsFiles(root);
const TYPESCRIPT = new Set(["ts", "typescript"]);
const SHELL = new Set(["sh", "bash", "shell", "console"]);
/** Sketches that are not type-checked: a few are fine, many mean the docs stopped being checked. */
const MAX_FRAGMENTS = 5;

const where = (block: CodeBlock) => `${block.file}:${block.line}`;

describe("docs code blocks", () => {
  it("should close every fence", () => {
    expect(blocks.filter((b) => b.flags.has("unclosed")).map(where)).toEqual([]);
  });

  it("should find the TypeScript and shell blocks of the docs", () => {
    expect(blocks.filter((b) => TYPESCRIPT.has(b.lang)).length).toBeGreaterThan(10);
    expect(blocks.filter((b) => SHELL.has(b.lang)).length).toBeGreaterThan(10);
  });

  it("should parse every JSON block (a JSON Lines block line by line)", () => {
    const invalid = blocks
      .filter((b) => (b.lang === "json" || b.lang === "jsonl") && !b.flags.has("fragment"))
      .flatMap((b) => {
        const documents = b.lang === "json" ? [b.code] : b.code.split("\n").filter((line) => line.trim() !== "");
        return documents.flatMap((text) => {
          try {
            JSON.parse(text);
            return [];
          } catch (error) {
            return [`${where(b)}: ${(error as Error).message}`];
          }
        });
      });
    expect(invalid).toEqual([]);
  });

  it(`should mark at most ${MAX_FRAGMENTS} TypeScript blocks as fragments`, () => {
    const fragments = blocks.filter((b) => TYPESCRIPT.has(b.lang) && b.flags.has("fragment")).map(where);
    expect(fragments.length, `fragments: ${fragments.join(", ")}`).toBeLessThanOrEqual(MAX_FRAGMENTS);
  });
});

describe("docs TypeScript blocks", () => {
  let failures: Map<CodeBlock, string[]>;
  beforeAll(() => {
    failures = typeCheckBlocks(
      root,
      blocks.filter((b) => TYPESCRIPT.has(b.lang) && !b.flags.has("fragment")),
    );
  }, 120_000);

  it.each(files)("should type-check against the public types in %s", (file) => {
    const messages = [...failures].filter(([block]) => block.file === file).flatMap(([, lines]) => lines);
    expect(messages, messages.join("\n")).toEqual([]);
  });
});

describe("docs shell blocks", () => {
  let context: ShellContext;
  beforeAll(() => {
    context = shellContext(root);
  });

  it.each(files)("should name real scripts, commands, flags and files in %s", (file) => {
    const problems = blocks
      .filter((b) => b.file === file && SHELL.has(b.lang))
      .flatMap(shellCommands)
      .flatMap((command) => shellProblems(command, context).map((problem) => `${file}:${command.line}: ${problem}`));
    expect(problems, problems.join("\n")).toEqual([]);
  });
});

describe("docs runnable blocks", () => {
  const runnable = blocks.filter((b) => b.flags.has("runnable"));
  // `hfw` on the PATH runs this checkout's build, as an installed package's bin would.
  const bin = mkdtempSync(join(tmpdir(), "hfw-docs-bin-"));
  // TypeScript blocks run from a folder inside the package, so they import it by its name (self-reference).
  const scratch = join(root, ".hfw", `docs-blocks-${process.pid}`);
  beforeAll(() => {
    writeFileSync(join(bin, "hfw"), `#!/bin/sh\nexec "${process.execPath}" "${join(root, "dist/src/cli/main.js")}" "$@"\n`);
    chmodSync(join(bin, "hfw"), 0o755);
    mkdirSync(scratch, { recursive: true });
  });
  afterAll(() => {
    rmSync(bin, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it("should have a language each runnable block can run", () => {
    expect(runnable.filter((b) => !TYPESCRIPT.has(b.lang) && !SHELL.has(b.lang)).map(where)).toEqual([]);
  });

  it.each(runnable.map((block) => [where(block), block] as const))("should run %s offline", (_, block) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: [bin, join(root, "node_modules/.bin"), process.env.PATH].join(delimiter), HFW_OTEL: "0" };
    for (const name of Object.keys(env)) if (name.startsWith("OTEL_") || name === "HFW_DB") delete env[name];
    let command: [string, string[]];
    if (TYPESCRIPT.has(block.lang)) {
      const file = join(scratch, `${block.file.replace(/[^\w]/g, "_")}_L${block.line}.ts`);
      writeFileSync(file, block.code);
      command = [join(root, "node_modules/.bin/tsx"), [file]];
    } else {
      command = ["bash", ["-e", "-o", "pipefail", "-c", block.code]];
    }
    const run = spawnSync(command[0], command[1], { cwd: root, env, encoding: "utf8", timeout: 60_000 });
    const expected = Number(block.options.get("exit") ?? 0);
    expect(run.status, `${where(block)} exited ${run.status}${run.signal ? ` (${run.signal})` : ""}:\n${run.stdout}\n${run.stderr}`).toBe(expected);
  });
});
