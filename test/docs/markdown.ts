/**
 * A small reader for the parts of Markdown the docs tests check: fenced code blocks, link destinations and
 * heading anchors. It follows the CommonMark rules for fences (https://spec.commonmark.org/0.31.2/#fenced-code-blocks)
 * and GitHub's heading-slug rule, and ignores everything else.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** One fenced code block of a Markdown file. */
export interface CodeBlock {
  /** Path of the Markdown file, relative to the repository root, with `/` separators. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** First word of the info string, lower-cased (`ts`, `sh`); empty for a bare fence. */
  lang: string;
  /** The other words of the info string: `fragment`, `runnable`. */
  flags: Set<string>;
  /** `key=value` words of the info string (`exit=1`). */
  options: Map<string, string>;
  /** The block's text, without its fences and with the fence's indentation removed. */
  code: string;
}

/** One link or image destination of a Markdown file. */
export interface Link {
  file: string;
  line: number;
  /** The destination as written, `<...>` unwrapped. */
  target: string;
}

const FENCE = /^( *)(`{3,}|~{3,})(.*)$/;

/** Splits a Markdown text into its fenced code blocks and the lines outside them (`null` inside a block). */
function scan(file: string, text: string): { blocks: CodeBlock[]; prose: (string | null)[] } {
  const lines = text.split("\n");
  const blocks: CodeBlock[] = [];
  const prose: (string | null)[] = [];
  let open: { fence: string; indent: number; line: number; info: string; body: string[] } | undefined;
  for (const [i, line] of lines.entries()) {
    if (open) {
      prose.push(null);
      const close = FENCE.exec(line);
      if (close && close[2]![0] === open.fence[0] && close[2]!.length >= open.fence.length && close[3]!.trim() === "") {
        blocks.push(toBlock(file, open.line, open.info, open.body.join("\n")));
        open = undefined;
      } else {
        open.body.push(line.replace(new RegExp(`^ {0,${open.indent}}`), ""));
      }
      continue;
    }
    const start = FENCE.exec(line);
    // A backtick fence's info string may not hold a backtick: "```a``` b" is inline code, not a fence.
    if (start && !(start[2]![0] === "`" && start[3]!.includes("`"))) {
      open = { fence: start[2]!, indent: start[1]!.length, line: i + 1, info: start[3]!.trim(), body: [] };
      prose.push(null);
      continue;
    }
    prose.push(line);
  }
  // An unclosed fence runs to the end of the document (CommonMark), which in docs is always a mistake.
  if (open) blocks.push(toBlock(file, open.line, `${open.info} unclosed`, open.body.join("\n")));
  return { blocks, prose };
}

function toBlock(file: string, line: number, info: string, code: string): CodeBlock {
  const [lang = "", ...words] = info.split(/\s+/).filter(Boolean);
  const flags = new Set<string>();
  const options = new Map<string, string>();
  for (const word of words) {
    const eq = word.indexOf("=");
    if (eq > 0) options.set(word.slice(0, eq), word.slice(eq + 1));
    else flags.add(word);
  }
  return { file, line, lang: lang.toLowerCase(), flags, options, code };
}

/** Every fenced code block of a Markdown text, in order. */
export function codeBlocks(file: string, text: string): CodeBlock[] {
  return scan(file, text).blocks;
}

/** Removes inline code spans (a run of n backticks up to the next run of exactly n) and HTML comments. */
function withoutCode(line: string): string {
  return line.replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, (span) => " ".repeat(span.length)).replace(/<!--.*?-->/g, "");
}

// "](dest)" closes every inline link and image, nested ones ("[![alt](img)](href)") included.
const INLINE = /\]\(\s*(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/;
const HTML_ATTR = /<(?:a|img)\b[^>]*?\s(?:href|src)="([^"]*)"/gi;

/** Every link and image destination outside code: inline, reference definitions and HTML `a`/`img` tags. */
export function links(file: string, text: string): Link[] {
  const found: Link[] = [];
  for (const [i, raw] of scan(file, text).prose.entries()) {
    if (raw === null) continue;
    const line = withoutCode(raw);
    const targets = [...line.matchAll(INLINE), ...line.matchAll(HTML_ATTR)].map((m) => m[1]!);
    const reference = REFERENCE.exec(line);
    if (reference) targets.push(reference[1]!);
    for (const target of targets) found.push({ file, line: i + 1, target: target.replace(/^<(.*)>$/, "$1") });
  }
  return found;
}

/**
 * GitHub's anchor for a heading's text (as `github-slugger` computes it): the rendered text, lower-cased,
 * with every character that is not a letter, mark, number, `_`, `-` or space dropped, spaces turned into `-`.
 */
export function githubSlug(heading: string): string {
  return renderedText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** The text a heading renders to: link and image text kept, their destinations, emphasis markers and tags dropped. */
function renderedText(markdown: string): string {
  const parts = markdown.split(/(`+[^`]*?`+)/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return part.replace(/^`+|`+$/g, "");
      return part
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/<[^>]+>/g, "")
        .replace(/\*+/g, "")
        .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, "$1");
    })
    .join("")
    .trim();
}

/** The anchors of a Markdown text: one per heading (`-1`, `-2` appended to repeats, as GitHub does) and HTML ids. */
export function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  const { prose } = scan("", text);
  for (const [i, line] of prose.entries()) {
    if (line === null) continue;
    for (const m of line.matchAll(/<[a-z][a-z0-9]*\b[^>]*?\s(?:id|name)="([^"]+)"/gi)) found.add(m[1]!);
    const atx = /^ {0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(line);
    const next = prose[i + 1];
    const setext = line.trim() !== "" && !/^ {0,3}([-*_]\s*){3,}$|^\s*[|>]|^ {0,3}([-*+]|\d+[.)])\s/.test(line) && next && /^ {0,3}(=+|-+)\s*$/.test(next);
    const heading = atx ? (atx[1] ?? "") : setext ? line.trim() : undefined;
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return found;
}

/** `README.md` and every Markdown file under `docs/`, relative to `root`, sorted. */
export function docsFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.name.endsWith(".md") ? [relative(root, path).split("\\").join("/")] : [];
    });
  return ["README.md", ...walk(join(root, "docs")).sort()];
}

/** Every code block of the docs under `root`. */
export function docsCodeBlocks(root: string): CodeBlock[] {
  return docsFiles(root).flatMap((file) => codeBlocks(file, readFileSync(join(root, file), "utf8")));
}
