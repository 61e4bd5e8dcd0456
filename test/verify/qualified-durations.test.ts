/**
 * A duration written with a noun between its numeral and its unit ("38 engine hours", "5 business days"):
 * the noun names the field (`engine_hours`), and a correction keeps the claim's words. Invented outputs.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

async function check(content: unknown, draft: string) {
  const [verdict, corrections] = await verdictOf(content, draft);
  return { verdict, corrections };
}

describe("a duration whose unit a noun qualifies", () => {
  const fleet = {
    items: [
      { asset: "Loader LD-2", engine_hours: 52 },
      { asset: "Grader GR-9", engine_hours: 17 },
    ],
  };

  it('should read "engine hours" as the engine_hours field, and correct it in the claim\'s words', async () => {
    expect(await check(fleet, "The Loader LD-2 has logged 52 engine hours.")).toMatchObject({ corrections: [] });
    expect((await check(fleet, "The Loader LD-2 has logged 52 engine hours.")).verdict).not.toBe("contradicted");
    expect(await check(fleet, "The Grader GR-9 has logged 52 engine hours.")).toEqual({ verdict: "contradicted", corrections: ["17 engine hours"] });
  });
});
