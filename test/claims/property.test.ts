import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractClaimsSync } from "../../src/claims/index.js";
import { expectWellFormed } from "./helpers.js";

const subject = fc.constantFrom("The invoice", "Revenue", "The pod", "Our team", "The **API**", "`dotenv`", "Drive storage");
const verb = fc.constantFrom("totals", "rose to", "restarted", "has", "is", "reached");
const figure = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }).map(String),
  fc.float({ min: 0, max: 1000, noNaN: true, noDefaultInfinity: true }).map((x) => x.toFixed(2)),
  fc.constantFrom("$4.2M", "1,410.00 CNY", "17.93%", "2026-10-15", "18.0.10"),
);
const tail = fc.constantFrom(".", "!", " [1].", " [2, 3].", "", "?");
const sentence = fc.tuple(subject, verb, figure, tail).map(([s, v, n, t]) => `${s} ${v} ${n}${t}`);
const joiner = fc.constantFrom(" ", "  ", "\n", "\n\n", "\n- ", "\n* ", "\n1. ", "\r\n");

const draftArb = fc
  .tuple(fc.array(sentence, { minLength: 1, maxLength: 12 }), fc.array(joiner, { minLength: 12, maxLength: 12 }), fc.boolean())
  .map(([sentences, joiners, bullet]) => (bullet ? "- " : "") + sentences.map((s, k) => (k === 0 ? s : joiners[k]! + s)).join(""));

describe("extractClaimsSync properties", () => {
  it("should keep every span inside the draft, trimmed, in order and disjoint", () => {
    fc.assert(
      fc.property(draftArb, (draft) => {
        const claims = extractClaimsSync(draft);
        expectWellFormed(draft, claims);
        expect(claims.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  it("should cover every figure of the draft with some claim span", () => {
    fc.assert(
      fc.property(draftArb, (draft) => {
        const claims = extractClaimsSync(draft);
        for (const m of draft.matchAll(/\d[\d,.]*/g)) {
          if (/\[[\d, ]*$/.test(draft.slice(0, m.index))) continue; // a citation marker, not a figure
          if (/(?:^|\n)$/.test(draft.slice(0, m.index)) && /^\d+\. /.test(draft.slice(m.index))) continue; // a list marker
          const inside = claims.some((c) => c.span[0] <= m.index && m.index < c.span[1]);
          expect(inside, `${m[0]} at ${m.index} in ${JSON.stringify(draft)}`).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("should survive arbitrary text without throwing and keep its invariants", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: "grapheme" }), (draft) => {
        expectWellFormed(draft, extractClaimsSync(draft));
      }),
      { numRuns: 300 },
    );
  });

  it("should survive markdown-heavy noise", () => {
    const piece = fc.constantFrom("**", "`", "[", "]", "(", ")", "|", "- ", "\n", "# ", "> ", "```", "[1]", "_", "~~", "a", "5", ". ", "; ", ", and ", " ");
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 80 }).map((p) => p.join("")),
        (draft) => {
          expectWellFormed(draft, extractClaimsSync(draft));
        },
      ),
      { numRuns: 300 },
    );
  });
});
