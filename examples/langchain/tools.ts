/**
 * The example agent's two tools, over real files: an invoice lookup over `data/invoices.json` and a search
 * over the policy documents in `data/docs/` (BM25 with MiniSearch).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { tool } from "langchain";
import MiniSearch from "minisearch";
import { z } from "zod";

/** The data folder, from the source (`examples/langchain/`) or the build (`dist/examples/langchain/`). */
export function dataDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, "data"), join(here, "../../../examples/langchain/data")]) if (existsSync(join(dir, "invoices.json"))) return dir;
  throw new Error(`The example's data folder was not found next to ${here}: run it from a checkout of the project.`);
}

interface Invoice {
  invoice_id: string;
  customer: string;
  [field: string]: unknown;
}

/** Builds the tools over the files in `dir`. */
export function createTools(dir: string = dataDir()) {
  const invoices = JSON.parse(readFileSync(join(dir, "invoices.json"), "utf8")) as Invoice[];
  const docs = readdirSync(join(dir, "docs"))
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((file, id) => {
      const text = readFileSync(join(dir, "docs", file), "utf8");
      return { id, file, title: text.match(/^# (.+)$/m)?.[1] ?? file, text };
    });
  const index = new MiniSearch({ fields: ["title", "text"], storeFields: ["file", "title", "text"] });
  index.addAll(docs);

  const invoiceLookup = tool(
    async ({ invoice_id }: { invoice_id: string }) => {
      const found = invoices.find((i) => i.invoice_id.toLowerCase() === invoice_id.trim().toLowerCase());
      if (!found) throw new Error(`No invoice with id ${invoice_id}. Known ids look like INV-2024-0117.`);
      return found;
    },
    {
      name: "invoice_lookup",
      description: "Look up one invoice by its id (e.g. INV-2024-0117): customer, dates, lines, subtotal, VAT, total, status.",
      schema: z.object({ invoice_id: z.string().describe("The invoice id, e.g. INV-2024-0117") }),
    },
  );

  const docSearch = tool(
    async ({ query }: { query: string }) => {
      const hits = index.search(query, { prefix: true, fuzzy: 0.2 }).slice(0, 2);
      if (hits.length === 0) return "No document matches.";
      return hits.map((h) => `## ${String(h.title)} (${String(h.file)})\n${String(h.text).replace(/^# .+\n+/, "")}`).join("\n\n");
    },
    {
      name: "doc_search",
      description: "Search the company's billing policies (late payment, refunds, payment methods). Returns the best two documents.",
      schema: z.object({ query: z.string().describe("What to look for, in a few words") }),
    },
  );

  return { invoiceLookup, docSearch };
}
