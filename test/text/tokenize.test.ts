import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokenize, tokenizeUnicode } from "../../src/text/tokenize.js";

describe("tokenize", () => {
  it("should split camelCase and snake_case, keep numbers whole and fold accents", () => {
    expect(tokenize("dependencyCount free_bytes 1,410.00 v18.0.10")).toEqual(["dependency", "count", "free", "bytes", "1,410.00", "v", "18.0.10"]);
    expect(tokenize("José Müller's café")).toEqual(["jose", "muller's", "cafe"]);
    expect(tokenize("東京タワー")).toEqual(["東京", "京タ", "タワ", "ー"]);
  });

  it("should keep short codes of letters and digits whole, but not versions or long words", () => {
    expect(tokenize("p95_latency_ms p50 S3 CS101 x86_64")).toEqual(["p95", "latency", "ms", "p50", "s3", "cs101", "x86", "64"]);
    expect(tokenize("v18.0.10 HTTP2 p50Latency abc1234")).toEqual(["v", "18.0.10", "http", "2", "p50", "latency", "abc", "1234"]);
    for (const text of ["p95_latency_ms p50 S3 CS101 x86_64", "v18.0.10 HTTP2 p50Latency aB50 abc1234"]) expect(tokenize(text)).toEqual(tokenizeUnicode(text));
  });

  it("should give the same tokens on the ASCII fast path as on the general path", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii", maxLength: 80 }), (text) => {
        expect(tokenize(text)).toEqual(tokenizeUnicode(text));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "Z", "q", "1", "0", ".", ",", "'", "_", "-", " ", "B", "x9", "Ab"), { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        expect(tokenize(text)).toEqual(tokenizeUnicode(text));
      }),
      { numRuns: 2000 },
    );
  });
});
