/**
 * A long agent answer and the tool outputs behind it, for the scale bench: an account-operations agent that
 * looked up customers, invoices, orders and services (JSON records, listings and meeting notes) and writes a
 * report of many Markdown sections about them. Sentences carry figures, names, dates and versions; most are
 * true, some state a wrong figure, some invent a fact, some are connective prose with nothing to check.
 * Deterministic for a given PRNG.
 */

const FIRST = "Jane Maria Ahmed Lena Tomas Priya Kenji Sofia Omar Grace Lucas Amara Diego Hana Felix Nora".split(" ");
const LAST = "Smith Okafor Novak Tanaka Berger Silva Haddad Larsen Kowalski Mendes Brennan Ito Fischer Rossi Dubois Costa".split(" ");
const COMPANY = "Acme Globex Initech Umbrella Stark Wayne Hooli Vandelay Soylent Cyberdyne Tyrell Wonka Gringotts Oscorp Aperture Massive".split(" ");
const SUFFIX = ["Corp", "Ltd", "GmbH", "Inc", "Labs", "Group"];
const CITY = "Berlin Lisbon Osaka Toronto Nairobi Lyon Austin Oslo Krakow Porto Dublin Seoul".split(" ");
const SERVICE = "billing-api payment-gateway search-indexer auth-service report-worker email-relay cart-service ledger-sync".split(" ");
const REGION = ["eu-central-1", "us-east-1", "ap-northeast-1", "eu-west-2"];
const STATUS = ["paid", "overdue", "pending", "disputed"];
const MONTHS = "January February March April May June July August September October November December".split(" ");
const CONNECTIVE = [
  "Let me know if you want the full breakdown for any of these accounts.",
  "I checked each record against the latest data the tools returned.",
  "The sections below follow the order of the original request.",
  "Overall the picture is consistent with last quarter's review.",
  "I would suggest following up with the account owners this week.",
  "Nothing else stood out in the remaining records.",
];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

interface Account {
  id: number;
  company: string;
  contact: string;
  city: string;
  employees: number;
  since: Date;
  invoices: Array<{ number: string; amount: number; currency: string; due: Date; status: string }>;
  orders: Array<{ id: string; items: number; total: number; shipped: Date; carrier: string }>;
}

interface Service {
  name: string;
  version: string;
  region: string;
  p95Ms: number;
  uptime: number;
  incidents: number;
  owner: string;
  deployed: Date;
}

/** The world the tool outputs describe: 70 accounts and 30 services. */
export interface LargeWorld {
  accounts: Account[];
  services: Service[];
}

function dateIn(r: () => number, year: number): Date {
  return new Date(Date.UTC(year, Math.floor(r() * 12), 1 + Math.floor(r() * 28)));
}

function longDate(d: Date): string {
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function money(amount: number, currency: string): string {
  const figure = amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency === "USD" ? `$${figure}` : `${figure} ${currency}`;
}

function person(r: () => number): string {
  return `${pick(r, FIRST)} ${pick(r, LAST)}`;
}

export function makeWorld(r: () => number, accounts = 70, services = 30): LargeWorld {
  const world: LargeWorld = { accounts: [], services: [] };
  for (let i = 0; i < accounts; i++) {
    const invoices = Array.from({ length: 3 + Math.floor(r() * 5) }, (_, k) => ({
      number: `INV-${1000 + i * 10 + k}`,
      amount: Math.round(r() * 5_000_000) / 100,
      currency: pick(r, ["USD", "EUR", "GBP"]),
      due: dateIn(r, 2023 + Math.floor(r() * 2)),
      status: pick(r, STATUS),
    }));
    const orders = Array.from({ length: 2 + Math.floor(r() * 4) }, (_, k) => ({
      id: `ORD-${50000 + i * 10 + k}`,
      items: 1 + Math.floor(r() * 40),
      total: Math.round(r() * 900_000) / 100,
      shipped: dateIn(r, 2024),
      carrier: pick(r, ["DHL", "UPS", "FedEx", "DPD"]),
    }));
    world.accounts.push({
      id: i,
      company: `${COMPANY[i % COMPANY.length]} ${SUFFIX[Math.floor(i / COMPANY.length) % SUFFIX.length]}`,
      contact: person(r),
      city: pick(r, CITY),
      employees: 5 + Math.floor(r() * 20_000),
      since: dateIn(r, 2010 + Math.floor(r() * 14)),
      invoices,
      orders,
    });
  }
  for (let i = 0; i < services; i++) {
    world.services.push({
      name: `${SERVICE[i % SERVICE.length]}${i >= SERVICE.length ? `-${Math.floor(i / SERVICE.length) + 1}` : ""}`,
      version: `${1 + Math.floor(r() * 9)}.${Math.floor(r() * 20)}.${Math.floor(r() * 30)}`,
      region: pick(r, REGION),
      p95Ms: 20 + Math.floor(r() * 900),
      uptime: Math.round((99 + r()) * 100) / 100,
      incidents: Math.floor(r() * 12),
      owner: person(r),
      deployed: dateIn(r, 2024),
    });
  }
  return world;
}

/**
 * The 100 tool outputs: per account a CRM record (JSON) or, for every third account, a text note from a
 * meeting; per service a metrics record (JSON) or a status page (text).
 * @returns `{ source, content }` records in the order an agent would have made the calls.
 */
export function makeOutputs(world: LargeWorld): Array<{ source: string; content: string | Record<string, unknown> }> {
  const out: Array<{ source: string; content: string | Record<string, unknown> }> = [];
  for (const a of world.accounts) {
    if (a.id % 3 === 2) {
      const lines = [
        `Account review notes for ${a.company} (${a.city}).`,
        `Main contact: ${a.contact}. The company has ${a.employees.toLocaleString("en-US")} employees and has been a customer since ${longDate(a.since)}.`,
        ...a.invoices.map((v) => `Invoice ${v.number} for ${money(v.amount, v.currency)} is ${v.status}; it was due on ${longDate(v.due)}.`),
        ...a.orders.map((o) => `Order ${o.id} shipped on ${longDate(o.shipped)} via ${o.carrier} with ${o.items} items, total ${money(o.total, "USD")}.`),
      ];
      out.push({ source: "crm_notes", content: lines.join("\n") });
    } else {
      out.push({
        source: "crm_lookup",
        content: {
          account_id: `ACC-${a.id}`,
          company: a.company,
          contact: a.contact,
          city: a.city,
          employees: a.employees,
          customer_since: isoDate(a.since),
          invoices: a.invoices.map((v) => ({ number: v.number, amount: v.amount, currency: v.currency, due_date: isoDate(v.due), status: v.status })),
          orders: a.orders.map((o) => ({ order_id: o.id, items: o.items, total_usd: o.total, shipped_on: isoDate(o.shipped), carrier: o.carrier })),
        },
      });
    }
  }
  for (const [i, s] of world.services.entries()) {
    if (i % 2 === 1) {
      out.push({
        source: "status_page",
        content: `${s.name} ${s.version} runs in ${s.region} and is owned by ${s.owner}. Over the last 30 days its p95 latency was ${s.p95Ms} ms and its uptime ${s.uptime}%, with ${s.incidents} incidents. The current version was deployed on ${longDate(s.deployed)}.`,
      });
    } else {
      out.push({
        source: "metrics_query",
        content: {
          service: s.name,
          version: s.version,
          region: s.region,
          p95_latency_ms: s.p95Ms,
          uptime_pct: s.uptime,
          incidents_30d: s.incidents,
          owner: s.owner,
          deployed_at: isoDate(s.deployed),
        },
      });
    }
  }
  return out;
}

/** One sentence about an account: true (about 70%), a wrong figure (15%), or invented (15%). */
function accountSentence(r: () => number, a: Account): string {
  const roll = r();
  const v = pick(r, a.invoices);
  const o = pick(r, a.orders);
  const wrong = roll < 0.15;
  if (roll > 0.85) {
    return pick(r, [
      `${a.company} plans to open a second office in ${pick(r, CITY)} next spring, according to ${a.contact}.`,
      `${a.contact} mentioned that ${a.company} will double its order volume in ${2025 + Math.floor(r() * 2)}.`,
      `The board of ${a.company} approved a budget of ${money(Math.round(r() * 1e7) / 100, "USD")} for the migration.`,
    ]);
  }
  const k = Math.floor(r() * 6);
  if (k === 0) return `${a.company} has ${(wrong ? a.employees + 120 : a.employees).toLocaleString("en-US")} employees and is based in ${a.city}.`;
  if (k === 1) return `Invoice ${v.number} for ${a.company} totals ${money(wrong ? v.amount * 1.1 : v.amount, v.currency)} and was due on ${longDate(v.due)}.`;
  if (k === 2) return `As of today, invoice ${v.number} is ${wrong ? pick(r, STATUS) : v.status}.`;
  if (k === 3) return `Order ${o.id} shipped on ${longDate(o.shipped)} via ${o.carrier} with ${wrong ? o.items + 3 : o.items} items.`;
  if (k === 4)
    return `${a.contact} has been the main contact since the account opened on ${longDate(a.since)}, and the order total for ${o.id} came to ${money(wrong ? o.total + 250 : o.total, "USD")}.`;
  return `${a.company} (contact: ${a.contact}) has been a customer since ${a.since.getUTCFullYear()}.`;
}

function serviceSentence(r: () => number, s: Service): string {
  const roll = r();
  const wrong = roll < 0.15;
  if (roll > 0.88) return `${s.owner} said the team behind ${s.name} will move it to Kubernetes after the next release.`;
  const k = Math.floor(r() * 4);
  if (k === 0) return `${s.name} runs version ${s.version} in ${s.region}.`;
  if (k === 1) return `Over the last 30 days, ${s.name} had a p95 latency of ${wrong ? s.p95Ms + 40 : s.p95Ms} ms and ${s.uptime}% uptime.`;
  if (k === 2) return `${s.name} had ${wrong ? s.incidents + 2 : s.incidents} incidents this month; its owner is ${s.owner}.`;
  return `The current ${s.name} release was deployed on ${longDate(s.deployed)}.`;
}

/**
 * A Markdown report of about `chars` characters: sections with a heading, paragraphs of 3-7 sentences and
 * the occasional bullet list, each section about one account or one service.
 */
export function makeLargeDraft(r: () => number, world: LargeWorld, chars: number): string {
  const parts: string[] = ["# Account and service review", "", pick(r, CONNECTIVE), ""];
  let length = parts.join("\n").length;
  let section = 0;
  while (length < chars) {
    section++;
    const lines: string[] = [];
    if (r() < 0.75) {
      const a = pick(r, world.accounts);
      lines.push(`## ${section}. ${a.company}`, "");
      const paragraphs = 1 + Math.floor(r() * 3);
      for (let p = 0; p < paragraphs; p++) {
        const n = 3 + Math.floor(r() * 5);
        const sentences = Array.from({ length: n }, () => (r() < 0.1 ? pick(r, CONNECTIVE) : accountSentence(r, a)));
        lines.push(sentences.join(" "), "");
      }
      if (r() < 0.3) {
        for (const v of a.invoices.slice(0, 3)) lines.push(`- ${v.number}: ${money(v.amount, v.currency)}, ${v.status}, due ${isoDate(v.due)}`);
        lines.push("");
      }
    } else {
      const s = pick(r, world.services);
      lines.push(`## ${section}. Service ${s.name}`, "");
      const n = 3 + Math.floor(r() * 4);
      lines.push(Array.from({ length: n }, () => serviceSentence(r, s)).join(" "), "");
    }
    const text = lines.join("\n");
    parts.push(text);
    length += text.length + 1;
  }
  return parts.join("\n");
}
