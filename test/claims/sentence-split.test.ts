import { describe, expect, it } from "vitest";
import { cleanInline } from "../../src/claims/markdown-inline.js";
import { splitSentences } from "../../src/claims/sentence-split.js";

function sentences(text: string): string[] {
  const clean = cleanInline(text, 0, text.length, new Uint8Array(text.length));
  return splitSentences(clean).map((s) => clean.text.slice(s.start, s.end));
}

describe("splitSentences", () => {
  it.each<[string, string[]]>([
    ["See Fig. 3. It shows U.S. sales.", ["See Fig. 3.", "It shows U.S. sales."]],
    ["It costs approx. 5 USD. Dr. Smith agreed.", ["It costs approx. 5 USD.", "Dr. Smith agreed."]],
    ["dotenv requires Node.js 12 or later. It loads .env files.", ["dotenv requires Node.js 12 or later.", "It loads .env files."]],
    ["Revenue rose to $4.2M. The team has 58 people.", ["Revenue rose to $4.2M.", "The team has 58 people."]],
    ["Run `a. b` first. Then stop.", ["Run a. b first.", "Then stop."]],
    ["It rose. axios is MIT-licensed.", ["It rose.", "axios is MIT-licensed."]],
    ["Latency is 120 ms. If it rises, page me.", ["Latency is 120 ms.", "If it rises, page me."]],
    ["MKT came out at 4.5 °C. The logger took 196 readings.", ["MKT came out at 4.5 °C.", "The logger took 196 readings."]],
    // A unit per unit ending a sentence ("m/s.", "km/h.", "mg/dL.").
    ["Gusts hit 19.2 m/s. Visibility was 6.1 km.", ["Gusts hit 19.2 m/s.", "Visibility was 6.1 km."]],
    ["Traffic moved at 40 km/h. It cleared by noon.", ["Traffic moved at 40 km/h.", "It cleared by noon."]],
    ["Glucose was 112 mg/dL. The range is 70 to 99.", ["Glucose was 112 mg/dL.", "The range is 70 to 99."]],
    ["p50 was 196 ms. payment-gateway in eu-central-1 was slower.", ["p50 was 196 ms.", "payment-gateway in eu-central-1 was slower."]],
    ["It takes approx. 5 ms. per call.", ["It takes approx. 5 ms. per call."]],
    // A sentence may start with a figure that names its noun.
    ["Pageviews came to about 230k. 404s made up 88k requests.", ["Pageviews came to about 230k.", "404s made up 88k requests."]],
    ["Disk use is 4.1 GB. 12.5k files were scanned.", ["Disk use is 4.1 GB.", "12.5k files were scanned."]],
    ["See Fig. 3b for the trend.", ["See Fig. 3b for the trend."]],
    ["Its homepage is https://git-scm.com/. Debian ships 2.39.", ["Its homepage is https://git-scm.com/.", "Debian ships 2.39."]],
    ["See https://example.com/a.b/c.html. It is long.", ["See https://example.com/a.b/c.html.", "It is long."]],
    ["See https://example.com/v1.2. for details.", ["See https://example.com/v1.2. for details."]],
    ["It was founded in 2024 by Dr. Smith. It has 5 staff.", ["It was founded in 2024 by Dr. Smith.", "It has 5 staff."]],
    ["ユーザーは毎朝コーヒーを2杯飲む。勤務先は東京の渋谷にある。", ["ユーザーは毎朝コーヒーを2杯飲む。", "勤務先は東京の渋谷にある。"]],
    ["本当ですか？はい！そうです。", ["本当ですか？", "はい！", "そうです。"]],
    // A letter after "a"/"an" is a grade, not an initial.
    ["You scored 69.2 and got a D. Want some tips?", ["You scored 69.2 and got a D.", "Want some tips?"]],
    // "in." ends a sentence after a word; only after a number is it inches.
    ["It comes to €599.01 all in. Mileage is unlimited.", ["It comes to €599.01 all in.", "Mileage is unlimited."]],
    ["It came through Louisville, KY. UPS picked it up on May 2.", ["It came through Louisville, KY.", "UPS picked it up on May 2."]],
    ["She earned an A+. Well done.", ["She earned an A+.", "Well done."]],
    ["She met J. Smith. He left.", ["She met J. Smith.", "He left."]],
    ["", []],
  ])("should split %j", (text, expected) => {
    expect(sentences(text)).toEqual(expected);
  });
});
