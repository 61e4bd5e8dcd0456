/**
 * Keeps docs/configuration.md honest: every environment variable the package reads and every option of its
 * public options types is in the page's tables, and nothing the page lists is gone from the code. A new or
 * renamed option fails here until the page says what it does.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { HttpServerConfigSchema, StdioServerConfigSchema } from "../../src/mcp/proxy-config.js";
import { NliOptionsSchema } from "../../src/nli/options.js";
import { PolicySchema, PRESETS, type Policy } from "../../src/index.js";

const ROOT = join(import.meta.dirname, "..", "..");
const PAGE = readFileSync(join(ROOT, "docs", "configuration.md"), "utf8");

interface Section {
  heading: string;
  /** The first-column names of each table under the heading, in order. */
  tables: string[][];
}

/** Headings (`##`, `###`) with the tables under each, up to the next heading; code blocks are skipped. */
function sectionsOf(markdown: string): Section[] {
  const sections: Section[] = [];
  let current: Section | undefined;
  let table: string[] | undefined;
  let rowInTable = 0;
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{2,3} (.+)$/.exec(line);
    if (heading) {
      current = { heading: heading[1]!.trim(), tables: [] };
      sections.push(current);
      table = undefined;
      continue;
    }
    if (!line.startsWith("|")) {
      table = undefined;
      continue;
    }
    if (!table) {
      table = [];
      rowInTable = 0;
      current?.tables.push(table);
    }
    rowInTable++;
    // Row 1 is the header, row 2 the separator.
    if (rowInTable <= 2) continue;
    const first = line.split(/(?<!\\)\|/)[1] ?? "";
    for (const m of first.matchAll(/`([^`]+)`/g)) table.push(m[1]!);
  }
  return sections;
}

const SECTIONS = sectionsOf(PAGE);

function tableUnder(heading: string, index = 0): string[] {
  const section = SECTIONS.find((s) => s.heading === heading);
  if (!section) throw new Error(`docs/configuration.md has no heading '${heading}'`);
  const table = section.tables[index];
  if (!table) throw new Error(`docs/configuration.md has no table ${index + 1} under '${heading}'`);
  return table;
}

/** The members an interface declares itself (not those it inherits), read from its source file. */
function ownMembers(file: string, name: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
  const found = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === name);
  if (!found) throw new Error(`${file} declares no interface ${name}`);
  return found.members.flatMap((m) => (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? [m.name.text] : []));
}

interface OptionTable {
  /** The heading the table sits under, and which of its tables (default the first). */
  heading: string;
  table?: number;
  type: string;
  names: () => string[];
}

/** Interfaces documented each in a table: [heading, file, interface, table index]. */
const INTERFACE_TABLES: Array<[string, string, string, number?]> = [
  ["`new Firewall(options)`", "src/firewall.ts", "FirewallOptions"],
  ["Per-call overrides: `verify(draft, overrides)`", "src/session.ts", "VerifyOverrides"],
  ["Lexical tier (`lexical`)", "src/verify/tier-lexical.ts", "LexicalThresholds"],
  ["NLI tier (`nli`)", "src/nli/tier-nli.ts", "NliTierOptions", 1],
  ["LLM judge (`judge`)", "src/judge/tier-judge.ts", "JudgeOptions"],
  ["LLM judge (`judge`)", "src/judge/judge-budget.ts", "JudgeBudget", 1],
  ["LLM claim extractor (`createLlmExtractor`)", "src/claims/llm-extractor.ts", "LlmExtractorOptions"],
  ["Telemetry (`telemetry`)", "src/telemetry/telemetry.ts", "TelemetryOptions"],
  ["`openStore(location, options)`", "src/store/open-store.ts", "OpenStoreOptions"],
  ["`SqliteStore`", "src/store/sqlite-store.ts", "SqliteStoreOptions"],
  ["AI SDK: `firewallMiddleware(fw, options)`", "adapters/ai-sdk/options.ts", "FirewallMiddlewareOptions"],
  ["AI SDK: `withEvidence(tools, fw, options)`", "adapters/ai-sdk/with-evidence.ts", "WithEvidenceOptions"],
  ["LangChain: `firewallMiddleware(options)`", "adapters/langchain/middleware.ts", "FirewallMiddlewareOptions"],
  ["LangChain: `FirewallCallbackHandler(options)`", "adapters/langchain/callback-handler.ts", "FirewallCallbackHandlerOptions"],
  ["LangChain: `firewallGate(options)`", "adapters/langchain/gate.ts", "FirewallGateOptions"],
  ["LangChain: `withFirewall(runnable, options)`", "adapters/langchain/gate.ts", "WithFirewallOptions"],
  ["LangChain: gate options", "adapters/langchain/gate-output.ts", "GateOptions"],
  ["LangChain: block options", "adapters/langchain/message-gate.ts", "BlockOptions"],
  ["`createFirewallMcpServer(options)`", "src/mcp/server.ts", "FirewallMcpServerOptions"],
  ["`startMcpHttp(options)`", "src/mcp/http.ts", "McpHttpOptions"],
  ["`createVerifierApp(options)`", "src/serve/app.ts", "VerifierAppOptions"],
  ["`startVerifier(options)`", "src/serve/server.ts", "StartVerifierOptions"],
  ["`createDashboard(options)`", "src/dashboard/router.ts", "DashboardOptions"],
  ["`startDashboard(options)`", "src/dashboard/server.ts", "StartDashboardOptions"],
  ["`setupTracing(options)`", "otel/setup-tracing.ts", "SetupTracingOptions"],
  ["`evaluationEventsProcessor(options)`", "otel/evaluation-events.ts", "EvaluationEventsOptions"],
];

/** zod schemas documented each in a table, their names read from `.shape` at run time. */
const SCHEMA_TABLES: Array<[string, string, { shape: object }, number?]> = [
  ["Policy (`PolicySchema`)", "PolicySchema", PolicySchema],
  ["NLI tier (`nli`)", "NliOptionsSchema", NliOptionsSchema],
  ["Proxy config file (`hfw mcp --proxy FILE`)", "StdioServerConfigSchema", StdioServerConfigSchema],
  ["Proxy config file (`hfw mcp --proxy FILE`)", "HttpServerConfigSchema", HttpServerConfigSchema, 1],
];

const OPTION_TABLES: OptionTable[] = [
  ...INTERFACE_TABLES.map(([heading, file, type, table]) => ({ heading, table, type, names: () => ownMembers(file, type) })),
  ...SCHEMA_TABLES.map(([heading, type, schema, table]) => ({ heading, table, type, names: () => Object.keys(schema.shape) })),
  // One table for the store's own option and the pool options it extends.
  {
    heading: "`PostgresStore`",
    type: "PostgresStoreOptions",
    names: () => [
      ...ownMembers("src/store/postgres-store.ts", "PostgresStoreOptions"),
      ...ownMembers("src/store/postgres-connection.ts", "PostgresPoolOptions"),
    ],
  },
];

/** Options types the public entry points export that are not configuration: a result, or a call's arguments. */
const NOT_CONFIGURATION = new Set([
  "ResolvedNliOptions", // what resolveNliOptions returns
  "FitOptions", // arguments of fitting a calibration table (npm run fit:calibration)
  "AuditSessionOptions", // arguments of one auditSession call
]);

const ENTRY_POINTS = [
  "src/index.ts",
  "adapters/ai-sdk/index.ts",
  "adapters/langchain/index.ts",
  "src/mcp/index.ts",
  "src/serve/index.ts",
  "src/dashboard/index.ts",
  "otel/index.ts",
];

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(dir, f));
}

/** `HFW_*` and `OTEL_*` names, and any other `env.NAME` (`process.env` too), in the files. `X_*` mentions give `X`. */
function variablesIn(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), "utf8");
    for (const m of text.matchAll(/\b(?:HFW|OTEL)_[A-Z0-9_]*[A-Z0-9]\b/g)) names.add(m[0]);
    for (const m of text.matchAll(/\benv(?:\.|\[["'])([A-Z][A-Z0-9_]*)/g)) names.add(m[1]!);
  }
  return names;
}

/** A variable is listed when a first cell names it, or names `PREFIX_*` covering it (or the prefix itself). */
function listed(variable: string, entries: string[]): boolean {
  return entries.some((e) => {
    if (e === variable) return true;
    if (!e.endsWith("_*")) return false;
    const prefix = e.slice(0, -1);
    return variable.startsWith(prefix) || `${variable}_` === prefix;
  });
}

function envTables(headings: string[]): string[] {
  return headings.flatMap((h) => tableUnder(h));
}

const PACKAGE_TABLES = ["Library", "Command line and servers", "OpenTelemetry"];
const DEVELOPMENT_TABLE = "Development and examples";

describe("docs/configuration.md", () => {
  it.each(OPTION_TABLES)("should list every option of $type, and no other, under $heading", ({ heading, table, names }) => {
    const documented = tableUnder(heading, table);
    expect([...new Set(documented)].sort()).toEqual([...new Set(names())].sort());
  });

  it("should document every options type the public entry points export", () => {
    const exported = new Set<string>();
    for (const file of ENTRY_POINTS) {
      for (const m of readFileSync(join(ROOT, file), "utf8").matchAll(/\b([A-Z]\w*Options)\b/g)) exported.add(m[1]!);
    }
    const documented = new Set(OPTION_TABLES.map((t) => t.type));
    documented.add("NliOptions"); // the type of NliOptionsSchema
    documented.add("PostgresPoolOptions"); // in the PostgresStore table
    const missing = [...exported].filter((t) => !documented.has(t) && !NOT_CONFIGURATION.has(t));
    expect(missing).toEqual([]);
  });

  it("should list every environment variable the package reads", () => {
    const read = variablesIn([...tsFiles("src"), ...tsFiles("adapters"), ...tsFiles("otel")]);
    const entries = envTables(PACKAGE_TABLES);
    const missing = [...read].filter((v) => !listed(v, entries));
    expect(missing).toEqual([]);
    // The scan itself works: it finds variables of each part.
    expect(read).toContain("HFW_DB");
    expect(read).toContain("HFW_OTEL");
    expect(read).toContain("OTEL_METRIC_EXPORT_INTERVAL");
    expect(read).toContain("CLAUDE_PROJECT_DIR");
  });

  it("should list no HFW_ variable the package does not read", () => {
    const read = variablesIn([...tsFiles("src"), ...tsFiles("adapters"), ...tsFiles("otel")]);
    const stale = envTables(PACKAGE_TABLES).filter((e) => e.startsWith("HFW_") && !read.has(e));
    expect(stale).toEqual([]);
  });

  it("should list only development variables that tests, scripts or examples still read", () => {
    const tests = tsFiles("test").filter((f) => !f.startsWith(join("test", "docs")));
    const read = variablesIn([...tests, ...tsFiles("scripts"), ...tsFiles("examples"), "examples/python-client/client.py"]);
    const stale = tableUnder(DEVELOPMENT_TABLE).filter((e) => !read.has(e));
    expect(stale).toEqual([]);
  });

  it("should give each policy field's value for every preset", () => {
    const start = PAGE.indexOf("### Policy (`PolicySchema`)");
    const section = PAGE.slice(start, PAGE.indexOf("\n### ", start + 1));
    for (const field of Object.keys(PolicySchema.shape) as Array<keyof Policy>) {
      const row = section.split("\n").find((line) => line.startsWith(`| \`${field}\` |`));
      if (!row) throw new Error(`no row for policy field ${field}`);
      // A cell shows the value first, in backticks for words and booleans: "`rewrite`", "0.5", "1.01 (never)".
      const shown = row
        .split("|")
        .slice(2, 5)
        .map((cell) => cell.trim().replace(/`/g, "").split(" ")[0]);
      expect(shown, field).toEqual([PRESETS.lenient[field], PRESETS.balanced[field], PRESETS.strict[field]].map(String));
    }
  });
});
