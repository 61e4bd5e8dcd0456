/**
 * Type-checks the docs' TypeScript blocks as a user's own files would be: each block is a module of a project
 * inside this package, so `import ... from "hallucination-firewall/ai-sdk"` resolves by the package's own name,
 * through package.json `exports`, to the built declarations in dist/ (the public types, nothing internal).
 */
import { join } from "node:path";
import ts from "typescript";
import type { CodeBlock } from "./markdown.js";

/** Compiler options of a user's project: Node's ESM resolution, top-level await, strict. */
function userOptions(root: string): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    // Every block is its own module, so two blocks may both declare `const fw`.
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ["lib.es2023.d.ts"],
    types: ["node"],
    typeRoots: [join(root, "node_modules/@types")],
    strict: true,
    esModuleInterop: true,
    skipLibCheck: true,
    noEmit: true,
  };
}

/**
 * Provider packages the docs import but this project does not install (a user picks one): only what the docs
 * use of each, typed as the AI SDK's provider interface.
 */
const THIRD_PARTY = `
declare module "@ai-sdk/openai" { export function openai(modelId: string): import("@ai-sdk/provider").LanguageModelV3; }
declare module "@ai-sdk/anthropic" { export function anthropic(modelId: string): import("@ai-sdk/provider").LanguageModelV3; }
`;

/** Where a block's module lives: a path that does not exist on disk, in a folder of the package. */
export function blockFileName(root: string, block: CodeBlock): string {
  return join(root, ".docs-blocks", `${block.file.replace(/[^\w]/g, "_")}_L${block.line}.ts`);
}

/**
 * Type-checks the blocks in one program (one pass over the shared declarations, for speed) and returns each
 * failing block's messages as `file:line: TSnnnn message`, the line being that of the Markdown file.
 */
export function typeCheckBlocks(root: string, blocks: CodeBlock[]): Map<CodeBlock, string[]> {
  const options = userOptions(root);
  const byName = new Map(blocks.map((block) => [blockFileName(root, block), block]));
  const virtual = new Map([...byName].map(([name, block]) => [name, block.code]));
  const thirdParty = join(root, ".docs-blocks", "third-party.d.ts");
  virtual.set(thirdParty, THIRD_PARTY);
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const code = virtual.get(name);
    return code === undefined ? getSourceFile.call(host, name, language, ...rest) : ts.createSourceFile(name, code, language);
  };
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host });
  const failures = new Map<CodeBlock, string[]>();
  const global = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
  const local = [...byName.keys()].flatMap((name) => {
    const file = program.getSourceFile(name);
    return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
  });
  for (const diagnostic of [...global, ...local]) {
    const block = diagnostic.file ? byName.get(diagnostic.file.fileName) : undefined;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
    if (!block) {
      for (const each of blocks) failures.set(each, [...(failures.get(each) ?? []), `TS${diagnostic.code} ${message}`]);
      continue;
    }
    const line = diagnostic.start === undefined ? 0 : diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start).line;
    failures.set(block, [...(failures.get(block) ?? []), `${block.file}:${block.line + 1 + line}: TS${diagnostic.code} ${message}`]);
  }
  return failures;
}
