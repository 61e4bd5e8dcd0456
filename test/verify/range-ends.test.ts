import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";

// An end of a range the claim writes ("ranged from 4 to 985") is a bound: a field that holds no bound (a
// sensor's latest value) does not correct it. OpenAQ-style outputs: a location, and its sensors' latest values
// and summaries.
const fixture = JSON.parse(readFileSync(new URL("../fixtures/openaq-sensors.json", import.meta.url), "utf8"));

async function verdictOn(claim: string): Promise<[string, string[]]> {
  const fw = new Firewall();
  fw.record({ source: "GET /v3/locations/8118", content: fixture.location });
  fw.record({ source: "GET /v3/locations/8118/sensors", content: fixture.sensors });
  const v = (await fw.verify(claim)).verdicts[0]!;
  return [v.verdict, v.corrections.map((c) => c.value)];
}

describe("range ends", () => {
  it("should not correct a range's end to the sensor's latest value", async () => {
    const [verdict, corrections] = await verdictOn("PM2.5 at this site has ranged from 4 to 985 µg/m³ since the sensor came online in June 2019.");
    expect(verdict).not.toBe("contradicted");
    expect(corrections).toEqual([]);
  });

  it("should not correct a wrong end to the latest value either", async () => {
    const [, corrections] = await verdictOn("PM2.5 at this site has ranged from 4 to 990 µg/m³ since the sensor came online in June 2019.");
    expect(corrections.some((c) => c.startsWith("87.4"))).toBe(false);
  });
});
