/**
 * Static checks of the docs' shell blocks: the npm scripts, `hfw` commands, flags and repository files they name.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CodeBlock } from "./markdown.js";

/** One simple command of a shell block: its words (quotes removed) and the 1-based line in the Markdown file. */
export interface ShellCommand {
  line: number;
  words: string[];
}

/**
 * The simple commands of a shell block. `console` blocks hold commands only on `$ ` lines (the rest is output);
 * comments, line continuations and leading `VAR=value` assignments are handled; a command list is split at
 * `&&`, `||`, `;` and at a `|` with spaces around it (a `FILE|URL` in a usage line is one word).
 */
export function shellCommands(block: CodeBlock): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let pending = "";
  let pendingLine = 0;
  for (const [i, raw] of block.code.split("\n").entries()) {
    let line = raw;
    if (pending === "" && block.lang === "console" && !/^\s*\$ /.test(line)) continue;
    if (pending === "") {
      line = line.replace(/^\s*\$ /, "");
      pendingLine = block.line + 1 + i;
    }
    if (line.endsWith("\\")) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    for (const words of splitCommands(pending + line)) commands.push({ line: pendingLine, words });
    pending = "";
  }
  return commands;
}

/** Splits one logical line into simple commands of words, dropping comments and leading assignments. */
function splitCommands(line: string): string[][] {
  const commands: string[][] = [[]];
  let word: string | undefined;
  let quote: string | undefined;
  const end = () => {
    if (word !== undefined) commands.at(-1)!.push(word);
    word = undefined;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      word ??= "";
    } else if (c === "#" && word === undefined) {
      break;
    } else if (/\s/.test(c)) {
      end();
    } else if ((c === "&" || c === "|") && line[i + 1] === c) {
      end();
      commands.push([]);
      i++;
    } else if (c === ";" || (c === "|" && word === undefined && /\s/.test(line[i + 1] ?? " "))) {
      end();
      commands.push([]);
    } else {
      word = (word ?? "") + c;
    }
  }
  end();
  return commands
    .map((words) => {
      const first = words.findIndex((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w));
      return first < 0 ? [] : words.slice(first);
    })
    .filter((words) => words.length > 0);
}

/** The CLI's commands and, per command, every flag its `--help` names. */
export interface CliCatalogue {
  /** Flags of `hfw` itself (`--help`, `--version`). */
  global: Set<string>;
  commands: Map<string, Set<string>>;
}

const FLAG = /(?<![\w-])(--?[A-Za-z][\w-]*)/g;

/** Reads the CLI's commands and flags from its own help, `node dist/src/cli/main.js [CMD] --help`. */
export function cliCatalogue(root: string): CliCatalogue {
  const help = (...args: string[]) => execFileSync(process.execPath, [join(root, "dist/src/cli/main.js"), ...args, "--help"], { encoding: "utf8" });
  const flags = (text: string) => new Set([...text.matchAll(FLAG)].map((m) => m[1]!));
  const main = help();
  const section = main.slice(main.indexOf("\nCommands:")).split(/\n\s*\n/)[0]!;
  const names = [...section.matchAll(/^ {2}([a-z][\w-]*) {2,}/gm)].map((m) => m[1]!);
  const commands = new Map(names.map((name) => [name, flags(help(name))]));
  commands.set("help", new Set(["--help", "-h"]));
  return { global: flags(main.slice(main.indexOf("\nOptions:"))), commands };
}

/** An npm command without its output flags (`npm run -s hfw -- ...` names the script `hfw`). */
function withoutNpmOutputFlags(words: string[]): string[] {
  if (words[0] !== "npm") return words;
  // Only npm's own flags go: a flag after `--` belongs to the script.
  const end = words.indexOf("--");
  return words.filter((w, i) => !/^(-s|--silent|-q|--quiet)$/.test(w) || (end >= 0 && i > end));
}

/** The `hfw` invocation a command holds (`hfw X`, `npx hfw X`, `npm run hfw -- X`, `node dist/src/cli/main.js X`): its arguments. */
function hfwArguments(words: string[]): string[] | undefined {
  if (words[0] === "hfw") return words.slice(1);
  if (words[0] === "npx" && words[1] === "hfw") return words.slice(2);
  if (words[0] === "npm" && words[1] === "run" && words[2] === "hfw") return words.slice(words[3] === "--" ? 4 : 3);
  if (words[0] === "node" && words[1] === "dist/src/cli/main.js") return words.slice(2);
  return undefined;
}

/**
 * What is wrong with one command of a docs shell block: an npm script package.json lacks, an `hfw` command or
 * flag its help does not name, a repository path that does not exist. Words in `[...]` (usage lines) count.
 */
export function shellProblems(command: ShellCommand, { root, cli, topLevel, scripts }: ShellContext): string[] {
  const problems: string[] = [];
  const words = withoutNpmOutputFlags(command.words);
  if (words[0] === "npm" && (words[1] === "run" || words[1] === "run-script") && words[2] && !(words[2] in scripts)) {
    problems.push(`'npm run ${words[2]}': package.json has no script '${words[2]}'`);
  }
  if (words[0] === "npm" && (words[1] === "test" || words[1] === "start") && !(words[1] in scripts)) {
    problems.push(`'npm ${words[1]}': package.json has no script '${words[1]}'`);
  }
  const args = hfwArguments(words)?.map((w) => w.replace(/^\[+|\]+$/g, ""));
  if (args) {
    const name = args.find((a) => !a.startsWith("-"));
    const known = name === undefined ? cli.global : cli.commands.get(name);
    if (!known) problems.push(`'hfw ${name}' is not a command of hfw (commands: ${[...cli.commands.keys()].join(", ")})`);
    for (const flag of args.filter((a) => /^--?[A-Za-z]/.test(a)).map((a) => a.split("=")[0]!)) {
      if (known && !known.has(flag) && !cli.global.has(flag)) problems.push(`'hfw ${name ?? ""} ${flag}': 'hfw ${name ?? ""} --help' names no such flag`);
    }
  }
  for (const word of words.flatMap((w) => w.split("=")).map((w) => w.replace(/^\[+|\]+$/g, ""))) {
    const first = word.split("/")[0]!;
    if (word.includes("/") && !word.includes("*") && !word.includes("$") && topLevel.has(first) && !existsSync(join(root, word))) {
      problems.push(`'${word}' does not exist in the repository`);
    }
  }
  return problems;
}

/** What the shell checks compare against, read once. */
export interface ShellContext {
  root: string;
  cli: CliCatalogue;
  /** The top-level folders and files git tracks, plus `dist` (built): a word under one of them is a repository path. */
  topLevel: Set<string>;
  /** package.json's scripts. */
  scripts: Record<string, string>;
}

/** Reads the CLI's help, the tracked top-level entries and the npm scripts of the repository at `root`. */
export function shellContext(root: string): ShellContext {
  const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n");
  return {
    root,
    cli: cliCatalogue(root),
    topLevel: new Set([...tracked.map((path) => path.split("/")[0]!).filter(Boolean), "dist"]),
    scripts: JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts,
  };
}
