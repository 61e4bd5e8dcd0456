/**
 * The words inside an entity's identifier (`metrics-node-2024.11`, `web-cache-03`) name that entity, not an
 * attribute of the figures printed beside it: a claim about "nodes" or "cache hits" is not read against them.
 * Invented outputs.
 */
import { describe, expect, it } from "vitest";
import { verdictOf } from "./helpers.js";

const listing = `$ curl -s 'http://es-01:9200/_cat/indices?v'
health status index                 pri rep docs.count
green  open   logs-app-2025.02.01     3   1   18423310
red    open   metrics-node-2025.02    1   1
yellow open   logs-app-2025.02.02     3   1   19870452
`;

const check = (claim: string) => verdictOf(listing, claim, "shell");

describe("words inside identifiers", () => {
  it("should not read a count of nodes against the figures beside metrics-node-2025.02", async () => {
    expect((await check("The cluster has 5 data nodes."))[0]).not.toBe("contradicted");
  });

  it("should still read a figure of the row it names", async () => {
    expect(await check("logs-app-2025.02.02 holds 19870452 documents.")).toEqual(["supported", []]);
  });
});
