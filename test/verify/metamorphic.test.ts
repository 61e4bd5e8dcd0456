/**
 * Metamorphic properties of verification: transformations of the evidence or of the draft that leave the
 * facts as they are must leave every verdict and every correction as they are (DESIGN.md, "Typed facts":
 * a decision rests on the typed slot, not on the shape of the output or the words of the answer).
 *
 * Evidence is random but realistic tool output (orders, invoices, flights, weather, packages), drafts are
 * built from its facts with right and wrong figures. Runs are bounded and seeded so the file takes seconds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { extractQuantities } from "../../src/quantity/quantity-extract.js";

const SEED = 20_240_305;
const RUNS = Number(process.env.HFW_RUNS ?? 50);
/** Shrinking async counterexamples is slow: it runs only when asked (`HFW_SHRINK=1`), to read a minimal one. */
const params = { numRuns: RUNS, seed: SEED, endOnFailure: !process.env.HFW_SHRINK } as const;

/** Asserts two outcomes are equal, saying both in full when they are not. */
function same<T>(after: T, before: T): void {
  expect(after, `before: ${JSON.stringify(before)}\nafter:  ${JSON.stringify(after)}`).toEqual(before);
}

/** One fact of a record, as a draft would state it rightly and wrongly. */
interface Fact {
  key: string;
  /** How an answer names the field ("item count" for `item_count`). */
  label: string;
  right: string;
  wrong: string;
  /** A word value (a status, a carrier, a gate): compared through the tool's field vocabulary, not as a figure. */
  category?: true;
}

/** A tool output about one entity, with the facts an answer may state about it. */
interface Output {
  source: string;
  /** How an answer names the entity: "order A-1021". */
  subject: string;
  record: Record<string, unknown>;
  facts: Fact[];
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (n: number) => String(n).padStart(2, "0");
const dollars = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A day as a tool writes it (ISO) and as an answer writes it ("March 5, 2024"), and another day. */
const dayArb = fc
  .record({
    y: fc.integer({ min: 2021, max: 2026 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 27 }),
    shift: fc.integer({ min: 1, max: 40 }),
  })
  .map(({ y, m, d, shift }) => {
    const other = new Date(Date.UTC(y, m - 1, d + shift));
    return {
      iso: `${y}-${pad(m)}-${pad(d)}`,
      right: `${MONTHS[m - 1]} ${d}, ${y}`,
      wrong: `${MONTHS[other.getUTCMonth()]} ${other.getUTCDate()}, ${other.getUTCFullYear()}`,
    };
  });

/** Two distinct words of a vocabulary: the record's and a wrong one. */
const twoOf = (words: string[]) => fc.shuffledSubarray(words, { minLength: 2, maxLength: 2 }).map(([a, b]) => ({ right: a!, wrong: b! }));
/** An amount in cents and a wrong amount at least a dollar off. */
const moneyArb = fc
  .record({ cents: fc.integer({ min: 1_000, max: 250_000 }), off: fc.integer({ min: 100, max: 9_000 }), up: fc.boolean() })
  .map(({ cents, off, up }) => ({ cents, wrong: up || cents - off < 100 ? cents + off : cents - off }));
/** A count and a wrong count. */
const countArb = (min: number, max: number) =>
  fc.record({ n: fc.integer({ min, max }), off: fc.integer({ min: 1, max: 9 }) }).map(({ n, off }) => ({ n, wrong: n + off }));

const orderArb: fc.Arbitrary<Output> = fc
  .record({
    id: fc.integer({ min: 1000, max: 9999 }),
    total: moneyArb,
    items: countArb(1, 40),
    status: twoOf(["shipped", "pending", "delivered", "cancelled"]),
    carrier: twoOf(["UPS", "DHL", "FedEx", "USPS"]),
    day: dayArb,
  })
  .map(({ id, total, items, status, carrier, day }) => ({
    source: "get_order",
    subject: `order A-${id}`,
    record: {
      order_id: `A-${id}`,
      total: total.cents / 100,
      currency: "USD",
      item_count: items.n,
      status: status.right,
      carrier: carrier.right,
      order_date: day.iso,
    },
    facts: [
      { key: "total", label: "total", right: dollars(total.cents), wrong: dollars(total.wrong) },
      { key: "item_count", label: "item count", right: String(items.n), wrong: String(items.wrong) },
      { key: "status", label: "status", right: status.right, wrong: status.wrong, category: true },
      { key: "carrier", label: "carrier", right: carrier.right, wrong: carrier.wrong, category: true },
      { key: "order_date", label: "order date", right: day.right, wrong: day.wrong },
    ],
  }));

const invoiceArb: fc.Arbitrary<Output> = fc
  .record({ id: fc.integer({ min: 100, max: 999 }), due: moneyArb, status: twoOf(["paid", "open", "overdue", "void"]), day: dayArb, lines: countArb(1, 25) })
  .map(({ id, due, status, day, lines }) => ({
    source: "get_invoice",
    subject: `invoice INV-${id}`,
    record: { invoice_id: `INV-${id}`, amount_due: due.cents / 100, status: status.right, due_date: day.iso, line_count: lines.n },
    facts: [
      { key: "amount_due", label: "amount due", right: dollars(due.cents), wrong: dollars(due.wrong) },
      { key: "status", label: "status", right: status.right, wrong: status.wrong, category: true },
      { key: "due_date", label: "due date", right: day.right, wrong: day.wrong },
      { key: "line_count", label: "line count", right: String(lines.n), wrong: String(lines.wrong) },
    ],
  }));

const flightArb: fc.Arbitrary<Output> = fc
  .record({
    no: fc.integer({ min: 100, max: 999 }),
    passengers: countArb(40, 390),
    delay: countArb(5, 170),
    status: twoOf(["delayed", "boarding", "departed", "cancelled"]),
    gate: twoOf(["B12", "C7", "A3", "D22"]),
    day: dayArb,
  })
  .map(({ no, passengers, delay, status, gate, day }) => ({
    source: "flight_status",
    subject: `flight LH${no}`,
    record: { flight: `LH${no}`, status: status.right, gate: gate.right, delay_minutes: delay.n, passengers: passengers.n, departure_date: day.iso },
    facts: [
      { key: "status", label: "status", right: status.right, wrong: status.wrong, category: true },
      { key: "gate", label: "gate", right: gate.right, wrong: gate.wrong, category: true },
      { key: "delay_minutes", label: "delay", right: `${delay.n} minutes`, wrong: `${delay.wrong} minutes` },
      { key: "passengers", label: "passenger count", right: String(passengers.n), wrong: String(passengers.wrong) },
      { key: "departure_date", label: "departure date", right: day.right, wrong: day.wrong },
    ],
  }));

const weatherArb: fc.Arbitrary<Output> = fc
  .record({
    city: fc.constantFrom("Oslo", "Lisbon", "Denver", "Nairobi", "Osaka"),
    humidity: countArb(20, 85),
    rain: countArb(1, 40),
    condition: twoOf(["sunny", "cloudy", "rainy", "foggy"]),
    day: dayArb,
  })
  .map(({ city, humidity, rain, condition, day }) => ({
    source: "weather",
    subject: city,
    record: { city, date: day.iso, condition: condition.right, humidity_pct: humidity.n, precipitation_mm: rain.n },
    facts: [
      { key: "condition", label: "condition", right: condition.right, wrong: condition.wrong, category: true },
      { key: "humidity_pct", label: "humidity", right: `${humidity.n}%`, wrong: `${humidity.wrong}%` },
      { key: "precipitation_mm", label: "precipitation", right: `${rain.n} mm`, wrong: `${rain.wrong} mm` },
    ],
  }));

const packageArb: fc.Arbitrary<Output> = fc
  .record({
    no: fc.integer({ min: 100_000, max: 999_999 }),
    tenths: fc.integer({ min: 5, max: 300 }),
    off: fc.integer({ min: 5, max: 50 }),
    status: twoOf(["in transit", "delivered", "out for delivery", "returned"]),
    carrier: twoOf(["UPS", "DHL", "FedEx", "USPS"]),
    day: dayArb,
  })
  .map(({ no, tenths, off, status, carrier, day }) => ({
    source: "track_package",
    subject: `package 1Z${no}`,
    record: { tracking_number: `1Z${no}`, carrier: carrier.right, status: status.right, weight_kg: tenths / 10, shipped_date: day.iso },
    facts: [
      { key: "carrier", label: "carrier", right: carrier.right, wrong: carrier.wrong, category: true },
      { key: "status", label: "status", right: status.right, wrong: status.wrong, category: true },
      { key: "weight_kg", label: "weight", right: `${tenths / 10} kg`, wrong: `${(tenths + off) / 10} kg` },
      { key: "shipped_date", label: "ship date", right: day.right, wrong: day.wrong },
    ],
  }));

const DOMAINS = [orderArb, invoiceArb, flightArb, weatherArb, packageArb];
const outputArb = fc.oneof(...DOMAINS);

/** What a draft states: some facts of the output, each right or wrong, in some order. */
interface Stated {
  fact: Fact;
  surface: string;
}

function statedArb(output: Output): fc.Arbitrary<Stated[]> {
  return fc
    .shuffledSubarray(output.facts, { minLength: 1, maxLength: Math.min(4, output.facts.length) })
    .chain((facts) =>
      fc
        .array(fc.boolean(), { minLength: facts.length, maxLength: facts.length })
        .map((rights) => facts.map((fact, i) => ({ fact, surface: rights[i] ? fact.right : fact.wrong }))),
    );
}

/** An output with a draft about it: one sentence per stated fact, each naming the subject. */
const caseArb = outputArb.chain((output) => statedArb(output).map((stated) => ({ output, stated })));

function sentences(output: Output, stated: Stated[]): string {
  return stated.map((s) => `The ${s.fact.label} of ${output.subject} is ${s.surface}.`).join(" ");
}

/** Fields no answer talks about, with realistic values. */
const UNRELATED_KEYS = ["request_id", "warehouse_code", "api_version", "page", "per_page", "trace_id", "cache_hit", "locale", "region_code", "batch_ref"];
const unrelatedValueArb = fc.oneof(
  fc.integer({ min: 1, max: 500 }),
  fc.boolean(),
  fc.constantFrom("en-US", "v2", "eu-west-1", "WH-17", "b-2291"),
  fc.stringMatching(/^req_[0-9a-f]{6}$/),
);
const unrelatedFieldsArb = fc
  .uniqueArray(fc.constantFrom(...UNRELATED_KEYS), { minLength: 1, maxLength: 3 })
  .chain((keys) =>
    fc.array(unrelatedValueArb, { minLength: keys.length, maxLength: keys.length }).map((values) => Object.fromEntries(keys.map((k, i) => [k, values[i]]))),
  );

/** Every claim's verdict and its corrections' values, in draft order. */
type Outcome = Array<{ claim: string; verdict: string; corrections: string[] }>;

async function outcome(evidence: Array<{ source: string; content: unknown }>, draft: string): Promise<Outcome> {
  const fw = new Firewall();
  for (const e of evidence) fw.record({ source: e.source, content: e.content as never });
  const report = await fw.verify(draft);
  return report.verdicts.map((v) => ({
    claim: report.claims.find((c) => c.id === v.claimId)!.text,
    verdict: v.verdict,
    corrections: v.corrections.map((c) => c.value),
  }));
}

const asEvidence = (o: Output, record: Record<string, unknown> = o.record) => ({ source: o.source, content: record });

/** A deterministic permutation of `items` (a seed that fast-check draws). */
function permute<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const permuteKeys = (record: Record<string, unknown>, seed: number) => Object.fromEntries(permute(Object.entries(record), seed));

describe("verdicts under transformations of the evidence", () => {
  it("should not change when unrelated fields are added to the record", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, unrelatedFieldsArb, async ({ output, stated }, extra) => {
        const draft = sentences(output, stated);
        const before = await outcome([asEvidence(output)], draft);
        const after = await outcome([asEvidence(output, { ...output.record, ...extra })], draft);
        same(after, before);
      }),
      params,
    );
  });

  // Fails: "The carrier of package 1Z541703 is FedEx." (carrier USPS) goes from unsupported to supported once another tool's order record says `carrier: FedEx`: the package id does not pick its record.
  it.fails("should not change when records of other tools are added", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, fc.array(outputArb, { minLength: 1, maxLength: 3 }), fc.boolean(), async ({ output, stated }, others, first) => {
        const unrelated = others.filter((o) => o.source !== output.source).map((o) => asEvidence(o));
        const draft = sentences(output, stated);
        const before = await outcome([asEvidence(output)], draft);
        const after = await outcome(first ? [...unrelated, asEvidence(output)] : [asEvidence(output), ...unrelated], draft);
        same(after, before);
      }),
      params,
    );
  });

  // Fails: an id like "1Z100000" names no record, so a second package's `shipped_date` makes the wrong date unsettled (contradicted -> unsupported: "2 records fill the slot and the claim names none of them").
  it.fails("should not change a figure's verdict when another entity's record of the same tool is added", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: DOMAINS.length - 1 }).chain((d) => fc.tuple(DOMAINS[d]!, DOMAINS[d]!)),
        fc.integer(),
        async ([output, other], seed) => {
          fc.pre(other.subject !== output.subject);
          // Only figures: a word value is compared through the session's vocabulary of the tool's field (README,
          // Limits), so another output of the same tool may rightly settle a status or a gate claim.
          const stated = permute(
            output.facts.filter((f) => !f.category),
            seed,
          )
            .slice(0, 3)
            .map((fact, i) => ({ fact, surface: (seed >> i) & 1 ? fact.right : fact.wrong }));
          const draft = sentences(output, stated);
          const before = await outcome([asEvidence(output)], draft);
          const after = await outcome([asEvidence(output), asEvidence(other)], draft);
          same(after, before);
        },
      ),
      params,
    );
  });

  it("should not change when a long unrelated field cuts an element across passages", async () => {
    const longText = fc.integer({ min: 700, max: 1_400 }).map((n) => `${"Lorem ipsum dolor sit amet ".repeat(Math.ceil(n / 27))}`.slice(0, n));
    await fc.assert(
      fc.asyncProperty(caseArb, longText, fc.nat(), async ({ output, stated }, notes, at) => {
        const draft = sentences(output, stated);
        const entries = Object.entries(output.record);
        const padded = Object.fromEntries([...entries.slice(0, at % (entries.length + 1)), ["notes", notes], ...entries.slice(at % (entries.length + 1))]);
        const before = await outcome([asEvidence(output, { results: [output.record] } as never)], draft);
        const after = await outcome([asEvidence(output, { results: [padded] } as never)], draft);
        same(after, before);
      }),
      params,
    );
  });

  it("should not change when records or keys are reordered", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, fc.array(outputArb, { minLength: 1, maxLength: 2 }), fc.integer(), async ({ output, stated }, others, seed) => {
        const unrelated = others.filter((o) => o.source !== output.source);
        const draft = sentences(output, stated);
        const records = [output, ...unrelated];
        const before = await outcome(
          records.map((o) => asEvidence(o)),
          draft,
        );
        const after = await outcome(
          permute(records, seed).map((o, i) => asEvidence(o, permuteKeys(o.record, seed + i + 1))),
          draft,
        );
        same(after, before);
      }),
      params,
    );
  });

  it("should not change when an unrelated key is renamed", async () => {
    const renameArb = fc.shuffledSubarray(UNRELATED_KEYS, { minLength: 2, maxLength: 2 });
    await fc.assert(
      fc.asyncProperty(caseArb, renameArb, unrelatedValueArb, async ({ output, stated }, [from, to], value) => {
        const draft = sentences(output, stated);
        const before = await outcome([asEvidence(output, { ...output.record, [from!]: value })], draft);
        const after = await outcome([asEvidence(output, { ...output.record, [to!]: value })], draft);
        same(after, before);
      }),
      params,
    );
  });
});

/** The verdict on the claim that holds `surface` (the n-th stated figure) and its corrections of that figure. */
function perFact(report: Awaited<ReturnType<Firewall["verify"]>>, draft: string, at: number, surface: string): { verdict: string; corrections: string[] } {
  const claim = report.claims.find((c) => c.span[0] <= at && at + surface.length <= c.span[1]);
  if (!claim) return { verdict: "no claim", corrections: [] };
  const v = report.verdicts.find((x) => x.claimId === claim.id)!;
  return { verdict: v.verdict, corrections: v.corrections.filter((c) => c.span[0] >= at && c.span[1] <= at + surface.length).map((c) => c.value) };
}

/** A draft of stated facts and where each figure sits in it. */
function laidOut(parts: Array<[prefix: string, surface: string, suffix: string]>, join: (i: number, n: number) => string): { draft: string; at: number[] } {
  let draft = "";
  const at: number[] = [];
  parts.forEach(([prefix, surface, suffix], i) => {
    draft += join(i, parts.length) + prefix;
    at.push(draft.length);
    draft += surface + suffix;
  });
  return { draft, at };
}

describe("verdicts under rewordings of the draft", () => {
  // Fails: the sentence form splits "the departure date is September 10, 2021 and the delay is ..." after "September 10": the year goes to the next claim and the correction loses it.
  it.fails("should give each fact the same verdict in bullets as in a sentence", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ output, stated }) => {
        const capital = (s: string) => s[0]!.toUpperCase() + s.slice(1);
        const bullets = laidOut(
          stated.map((s) => [`- ${capital(s.fact.label)}: `, s.surface, ""]),
          (i) => (i === 0 ? "" : "\n"),
        );
        const sentence = laidOut(
          stated.map((s) => [`the ${s.fact.label} is `, s.surface, ""]),
          (i, n) => (i === 0 ? "" : i === n - 1 ? " and " : ", "),
        );
        const sentenceDraft = `${capital(sentence.draft)}.`;
        const fw = () => {
          const f = new Firewall();
          f.record(asEvidence(output) as never);
          return f;
        };
        const a = await fw().verify(bullets.draft);
        const b = await fw().verify(sentenceDraft);
        stated.forEach((s, i) => {
          same(
            { fact: s.fact.key, surface: s.surface, ...perFact(b, sentenceDraft, sentence.at[i]!, s.surface) },
            { fact: s.fact.key, surface: s.surface, ...perFact(a, bullets.draft, bullets.at[i]!, s.surface) },
          );
        });
      }),
      params,
    );
  });

  const ONES = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
  const TEENS = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
  const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
  /** 11..99 in words ("twelve", "thirty-four"). */
  const words = (k: number) => (k < 20 ? TEENS[k - 10]! : `${TENS[Math.floor(k / 10)]}${k % 10 ? `-${ONES[k % 10]}` : ""}`);
  /** k hundred written three ways: "1,200", "1.2k", "twelve hundred". */
  const forms = (k: number) => [(k * 100).toLocaleString("en-US"), `${k / 10}k`, `${words(k)} hundred`];
  /** k hundreds that have a "twelve hundred" form and a "1.2k" form (not a round thousand). */
  const hundredsArb = fc.integer({ min: 11, max: 99 }).filter((k) => k % 10 !== 0);

  const numberCase = fc
    .record({ k: hundredsArb, wrongK: hundredsArb, no: fc.integer({ min: 100, max: 999 }), money: fc.boolean(), right: fc.boolean() })
    .filter(({ k, wrongK }) => k !== wrongK);

  it("should give 1,200, 1.2k and twelve hundred the same verdict and correction", async () => {
    await fc.assert(
      fc.asyncProperty(numberCase, async ({ k, wrongK, no, money, right }) => {
        const record = money ? { flight: `LH${no}`, fare_total: k * 100, currency: "USD" } : { flight: `LH${no}`, passengers_booked: k * 100 };
        const claimed = forms(right ? k : wrongK);
        const drafts = money
          ? [
              `The fare total of flight LH${no} is $${claimed[0]}.`,
              `The fare total of flight LH${no} is $${claimed[1]}.`,
              `The fare total of flight LH${no} is ${claimed[2]} dollars.`,
            ]
          : claimed.map((f) => `Flight LH${no} has ${f} passengers booked.`);
        const got = [];
        for (const draft of drafts) {
          const [o] = await outcome([{ source: "flight_status", content: record }], draft);
          // A correction is written in the claim's style: compare the value it re-parses to.
          got.push({ verdict: o!.verdict, corrections: o!.corrections.map((c) => extractQuantities(c)[0]?.value ?? c) });
        }
        same(got[1], got[0]);
        same(got[2], got[0]);
      }),
      params,
    );
  });

  it("should give dollars the same verdict and correction against a `_cents` key as against a dollar key", async () => {
    await fc.assert(
      fc.asyncProperty(orderArb, moneyArb, fc.boolean(), fc.boolean(), async (output, amount, right, charged) => {
        const id = output.record.order_id as string;
        const figure = dollars(right ? amount.cents : amount.wrong);
        const draft = charged ? `Order ${id} was charged ${figure}.` : `The amount of order ${id} is ${figure}.`;
        const dollarsRecord = { order_id: id, status: output.record.status, amount: amount.cents / 100, currency: "USD" };
        const centsRecord = { order_id: id, status: output.record.status, amount_cents: amount.cents, currency: "USD" };
        const inDollars = await outcome([{ source: "get_charge", content: dollarsRecord }], draft);
        const inCents = await outcome([{ source: "get_charge", content: centsRecord }], draft);
        same(inCents, inDollars);
      }),
      params,
    );
  });
});

describe("the drafts these properties transform", () => {
  // The properties above compare verdicts with each other; this one keeps them from holding vacuously (a
  // firewall that supports everything would pass them all).
  // Fails: a wrong status ("The status of flight LH109 is cancelled." against `status: delayed`) is supported: tier 0 checks no word value and the lexical tier covers 0.75 of the words.
  it.fails("should never support a wrong figure or value", async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ output, stated }) => {
        const wrong = stated.filter((s) => s.surface === s.fact.wrong);
        fc.pre(wrong.length > 0);
        const got = await outcome([asEvidence(output)], sentences(output, wrong));
        const supported = got.filter((o) => o.verdict === "supported");
        expect(supported, JSON.stringify({ record: output.record, supported })).toEqual([]);
      }),
      params,
    );
  });

  // A figure tier 0 finds unsettled keeps the claim from support on its words alone.
  it("should never support a wrong charge", async () => {
    await fc.assert(
      fc.asyncProperty(orderArb, moneyArb, async (output, amount) => {
        const id = output.record.order_id as string;
        const record = { order_id: id, status: output.record.status, amount: amount.cents / 100, currency: "USD" };
        const [o] = await outcome([{ source: "get_charge", content: record }], `Order ${id} was charged ${dollars(amount.wrong)}.`);
        expect(o!.verdict, JSON.stringify({ record, o })).not.toBe("supported");
      }),
      params,
    );
  });
});
