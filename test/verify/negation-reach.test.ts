import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

// A negation says something of a flag only where it reaches the flag's word, in one phrase: "nothing paid
// after 3 attempts" negates "paid", not `attempted`.
const invoice = { invoice: { id: "in_1", status: "open", amount_paid: 0, attempted: true, attempt_count: 3, auto_advance: false } };

describe("a negation reaches the flag it governs", () => {
  it.each([
    ["It's still open with nothing paid after 3 attempts.", "attempted", "not contradicted"],
    ["Payment was not attempted.", "attempted", "contradicted"],
    ["It hasn't been attempted yet.", "attempted", "contradicted"],
    ["Payment has been attempted.", "attempted", "supported"],
    ["Auto-advance is not on.", "auto_advance", "supported"],
  ])("%s", async (claim, _flag, want) => {
    const [verdict] = await verdictOf(invoice, claim);
    if (want === "not contradicted") expect(verdict).not.toBe("contradicted");
    else expect(verdict).toBe(want);
  });
});
