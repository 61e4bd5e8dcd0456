/**
 * Every relative link and image of README.md and docs/ points to a file that exists, and every `#anchor` to a
 * heading of its page, by GitHub's slug rule: a renamed page or heading fails here, not for the reader.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { anchors, docsFiles, type Link, links } from "./markdown.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const anchorsOf = new Map<string, Set<string>>();

function pageAnchors(file: string): Set<string> {
  let found = anchorsOf.get(file);
  if (!found) anchorsOf.set(file, (found = anchors(readFileSync(join(root, file), "utf8"))));
  return found;
}

/** What is wrong with a link, or undefined when it resolves. External links (a scheme or `//`) are not checked. */
function brokenLink(link: Link): string | undefined {
  if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(link.target)) return undefined;
  const hash = link.target.indexOf("#");
  const path = decodeURIComponent(hash < 0 ? link.target : link.target.slice(0, hash));
  const anchor = hash < 0 ? undefined : decodeURIComponent(link.target.slice(hash + 1));
  if (path.startsWith("/")) return "use a path relative to the page: a leading '/' breaks outside github.com";
  const target =
    path === ""
      ? link.file
      : relative(root, join(root, dirname(link.file), path))
          .split("\\")
          .join("/");
  if (target.startsWith("..")) return `'${target}' is outside the repository`;
  if (!existsSync(join(root, target))) return `'${target}' does not exist`;
  if (anchor === undefined || !target.endsWith(".md") || statSync(join(root, target)).isDirectory()) return undefined;
  if (!pageAnchors(target).has(anchor)) return `'${target}' has no heading with the anchor #${anchor}`;
  return undefined;
}

describe("docs links", () => {
  it.each(docsFiles(root))("should resolve every relative link and anchor of %s", (file) => {
    const broken = links(file, readFileSync(join(root, file), "utf8")).flatMap((link) => {
      const why = brokenLink(link);
      return why ? [`${link.file}:${link.line}: (${link.target}) ${why}`] : [];
    });
    expect(broken, broken.join("\n")).toEqual([]);
  });
});
