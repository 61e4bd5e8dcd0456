/**
 * The example agent's tools: look-ups over the billing records in `data/`.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { tool } from "ai";
import { z } from "zod";

export interface Invoice {
  id: string;
  customer: string;
  total: number;
  currency: string;
  status: string;
  issued: string;
  dueDate: string;
  lines: number;
}

export interface Payment {
  invoice: string;
  date: string;
  amount: number;
  currency: string;
  method: string;
}

/** The data folder beside the source file (run with tsx) or in the source tree (run from `dist/`). */
function dataDir(): string {
  for (const candidate of ["./data/", "../../../examples/ai-sdk/data/"]) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error("examples/ai-sdk/data not found: run the example from a clone of the repository.");
}

function load<T>(name: string): T {
  return JSON.parse(readFileSync(`${dataDir()}${name}`, "utf8")) as T;
}

/** Tools for `generateText` / `streamText`: an invoice by id, and the payments received for one. */
export function billingTools() {
  const invoices = load<Invoice[]>("invoices.json");
  const payments = load<Payment[]>("payments.json");
  return {
    get_invoice: tool({
      description: "Look up an invoice by its id (e.g. INV-2041): customer, total, currency, status, issue and due dates.",
      inputSchema: z.object({ id: z.string().describe("invoice id, e.g. INV-2041") }),
      execute: async ({ id }) => {
        const invoice = invoices.find((i) => i.id === id.trim().toUpperCase());
        if (!invoice) throw new Error(`No invoice ${id}.`);
        return invoice;
      },
    }),
    list_payments: tool({
      description: "List the payments received for an invoice.",
      inputSchema: z.object({ invoice: z.string().describe("invoice id, e.g. INV-2041") }),
      execute: async ({ invoice }) => ({ invoice, payments: payments.filter((p) => p.invoice === invoice.trim().toUpperCase()) }),
    }),
  };
}
