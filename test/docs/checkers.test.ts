/**
 * The docs checkers themselves: they catch what they exist to catch (a misspelled option, an unknown flag, a
 * missing file) and let correct blocks through.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type CodeBlock, codeBlocks } from "./markdown.js";
import { type ShellContext, shellCommands, shellContext, shellProblems } from "./shell.js";
import { typeCheckBlocks } from "./typescript.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const block = (lang: string, code: string, file = "docs/x.md"): CodeBlock => codeBlocks(file, `text\n\`\`\`${lang}\n${code}\n\`\`\`\n`)[0]!;

describe("typeCheckBlocks", () => {
  it("should pass a block that uses the public API as documented, top-level await included", () => {
    const good = block("ts", 'import { Firewall } from "hallucination-firewall";\nconst fw = new Firewall();\nawait fw.verify("x");');
    expect(typeCheckBlocks(root, [good]).get(good)).toBeUndefined();
  });

  it("should fail a misspelled option, an internal import and an undeclared name, at their Markdown lines", () => {
    const misspelled = block("ts", 'import { Firewall } from "hallucination-firewall";\n\nnew Firewall({ strictnes: "strict" });');
    const internal = block("ts", 'import { Firewall } from "hallucination-firewall/dist/src/firewall.js";', "docs/y.md");
    const undeclared = block("ts", "await fw.verify('x');", "docs/z.md");
    const failures = typeCheckBlocks(root, [misspelled, internal, undeclared]);
    expect(failures.get(misspelled)).toEqual([expect.stringMatching(/^docs\/x\.md:5: TS2561 .*'strictnes'/)]);
    expect(failures.get(internal)).toEqual([expect.stringMatching(/^docs\/y\.md:3: TS2307 /)]);
    expect(failures.get(undeclared)).toEqual([expect.stringMatching(/^docs\/z\.md:3: TS2304 Cannot find name 'fw'/)]);
  });
});

describe("shellCommands", () => {
  it("should join continued lines, drop comments and assignments, split lists and read console prompts", () => {
    const sh = block("sh", "A=1 B='x y' npm run hfw -- verify \\\n  --draft - # a comment\nnpm ci && npm test; hfw sessions | head -3");
    expect(shellCommands(sh)).toEqual([
      { line: 3, words: ["npm", "run", "hfw", "--", "verify", "--draft", "-"] },
      { line: 5, words: ["npm", "ci"] },
      { line: 5, words: ["npm", "test"] },
      { line: 5, words: ["hfw", "sessions"] },
      { line: 5, words: ["head", "-3"] },
    ]);
    const consoleBlock = block("console", "$ hfw --version\n0.1.0");
    expect(shellCommands(consoleBlock)).toEqual([{ line: 3, words: ["hfw", "--version"] }]);
  });
});

describe("shellProblems", () => {
  let context: ShellContext;
  beforeAll(() => {
    context = shellContext(root);
  });

  it.each([
    ["npm run hfw -- verify -e examples/npm-audit/evidence.jsonl -d - --rewrite", []],
    ["hfw audit verify [--db FILE|URL] [--session ID] [--json]", []],
    ["npx hfw --version", []],
    ["npm run -s hfw -- sessions --json", []],
    ["npm run -s docs:cli", []],
    ["npm run -s no-such-script", ["'npm run no-such-script': package.json has no script 'no-such-script'"]],
    ["npm run --silent hfw -- verify --evidnce x", ["'hfw verify --evidnce': 'hfw verify --help' names no such flag"]],
    ["node dist/src/cli/main.js serve --port 0 --no-auth", []],
    ["npm run no-such-script", ["'npm run no-such-script': package.json has no script 'no-such-script'"]],
    ["hfw verify --evidnce out.json", ["'hfw verify --evidnce': 'hfw verify --help' names no such flag"]],
    ["hfw frobnicate", [expect.stringMatching(/^'hfw frobnicate' is not a command of hfw/)]],
    ["hfw verify --draft examples/npm-audit/no-such-draft.md", ["'examples/npm-audit/no-such-draft.md' does not exist in the repository"]],
  ])("should check %j", (line, problems) => {
    const [command] = shellCommands(block("sh", line));
    expect(shellProblems(command!, context)).toEqual(problems);
  });
});
