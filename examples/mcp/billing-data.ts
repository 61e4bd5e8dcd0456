/** Fixture data of the example billing server: deterministic, so tests and demos can quote exact figures. */

export interface LineItem {
  description: string;
  quantity: number;
  unit_price: number;
  amount: number;
}

export interface Invoice {
  invoice_id: string;
  customer: string;
  status: "paid" | "open" | "overdue" | "disputed" | "void";
  total: number;
  currency: string;
  issued: string;
  due_date: string;
  line_items: LineItem[];
}

export interface Payment {
  id: string;
  invoice_id: string;
  customer: string;
  amount: number;
  currency: string;
  status: "succeeded" | "pending" | "failed" | "refunded";
  created: string;
}

function item(description: string, quantity: number, unit_price: number): LineItem {
  return { description, quantity, unit_price, amount: Math.round(quantity * unit_price * 100) / 100 };
}

function invoice(fields: Omit<Invoice, "total">): Invoice {
  const total = Math.round(fields.line_items.reduce((sum, line) => sum + line.amount, 0) * 100) / 100;
  return { ...fields, total };
}

export const INVOICES: readonly Invoice[] = [
  invoice({
    invoice_id: "INV-2041",
    customer: "Lindqvist Bakery AB",
    status: "overdue",
    currency: "EUR",
    issued: "2026-10-01",
    due_date: "2026-10-31",
    line_items: [item("Oven maintenance contract, Q4", 1, 2400), item("Replacement heating element", 3, 412.5), item("Call-out fee", 2, 288)],
  }),
  invoice({
    invoice_id: "INV-2042",
    customer: "Nordhavn Freight ApS",
    status: "paid",
    currency: "EUR",
    issued: "2026-10-16",
    due_date: "2026-11-15",
    line_items: [item("Fleet telematics, October", 1, 980)],
  }),
  invoice({
    invoice_id: "INV-2043",
    customer: "Kallio Dental Oy",
    status: "open",
    currency: "EUR",
    issued: "2026-11-02",
    due_date: "2026-12-02",
    line_items: [item("Practice software licence, annual", 4, 2650), item("Data migration", 1, 2040)],
  }),
  invoice({
    invoice_id: "INV-2044",
    customer: "Kallio Dental Oy",
    status: "disputed",
    currency: "EUR",
    issued: "2026-11-09",
    due_date: "2026-12-09",
    line_items: [item("On-site training day", 2, 1150), item("Travel expenses", 1, 375.8)],
  }),
];

export const PAYMENTS: readonly Payment[] = [
  { id: "pay_7001", invoice_id: "INV-2042", customer: "Nordhavn Freight ApS", amount: 980, currency: "EUR", status: "succeeded", created: "2026-11-04" },
  { id: "pay_7002", invoice_id: "INV-2041", customer: "Lindqvist Bakery AB", amount: 1500, currency: "EUR", status: "failed", created: "2026-11-06" },
  { id: "pay_7003", invoice_id: "INV-2041", customer: "Lindqvist Bakery AB", amount: 1500, currency: "EUR", status: "pending", created: "2026-11-20" },
  { id: "pay_7004", invoice_id: "INV-2044", customer: "Kallio Dental Oy", amount: 2675.8, currency: "EUR", status: "refunded", created: "2026-11-12" },
];
