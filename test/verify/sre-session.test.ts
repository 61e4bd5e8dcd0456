import { describe, expect, it } from "vitest";
import { Firewall } from "../../src/index.js";
import { check } from "./helpers.js";

/** An SRE agent's session: query results with `rows` (keyed by name, region or id) and per-entity records. */
function session(): Firewall {
  const fw = new Firewall();
  const services = [
    { name: "auth-service", region: "us-east-1", status: "healthy", p95_latency_ms: 120 },
    { name: "checkout-api", region: "us-east-1", status: "degraded", p95_latency_ms: 840 },
    { name: "image-resizer", region: "ap-southeast-2", status: "degraded", p95_latency_ms: 1250 },
    { name: "search-api", region: "eu-west-1", status: "healthy", p95_latency_ms: 310 },
  ];
  fw.record({ source: "sql_query", content: { query: "SELECT name, region, status, p95_latency_ms FROM services", rows: services } });
  for (const s of services) fw.record({ source: "get_service", content: { ...s, uptime_30d_pct: 99.9 } });
  fw.record({
    source: "sql_query",
    content: {
      query: "SELECT region, p50_ms, error_rate_pct FROM region_latency",
      rows: [
        { region: "us-east-1", p50_ms: 95, error_rate_pct: 0.4 },
        { region: "eu-west-1", p50_ms: 140, error_rate_pct: 0.2 },
        { region: "eu-central-1", p50_ms: 210, error_rate_pct: 3.1 },
      ],
    },
  });
  fw.record({
    source: "sql_query",
    content: {
      query: "SELECT id, service, severity, status FROM incidents",
      rows: [
        { id: "INC-2039", service: "image-resizer", severity: "SEV3", status: "resolved" },
        { id: "INC-2041", service: "checkout-api", severity: "SEV2", status: "resolved" },
        { id: "INC-2044", service: "search-api", severity: "SEV3", status: "resolved" },
        { id: "INC-2047", service: "notifications", severity: "SEV1", status: "open" },
      ],
    },
  });
  return fw;
}

describe("an SRE session of query rows and entity records", () => {
  it("should count rows keyed by name, region or id", async () => {
    const fw = session();
    expect(await check(fw, "Three of the 4 services are healthy.")).toEqual(["contradicted", ["2"]]);
    expect(await check(fw, "Three of the 4 incidents are resolved.")).toEqual(["supported", []]);
    expect(await check(fw, "75% of the 4 incidents were SEV3.")).toEqual(["contradicted", ["50%"]]);
  });

  it("should check whose extreme a superlative names, with or without a figure", async () => {
    const fw = session();
    expect(await check(fw, "The fastest service is search-api at 120 ms p95.")).toEqual(["contradicted", ["auth-service"]]);
    expect(await check(fw, "The slowest service is image-resizer at 1,250 ms p95.")).toEqual(["supported", []]);
    expect(await check(fw, "The region with the highest error rate is eu-west-1.")).toEqual(["contradicted", ["eu-central-1"]]);
    expect((await check(fw, "The region with the highest error rate is eu-central-1."))[0]).toBe("supported");
  });

  it("should read a percentile as the slot it names ('p50' for `p50_ms`, not a service's p95)", async () => {
    const fw = session();
    expect((await check(fw, "us-east-1 has a p50 latency of 95 ms."))[0]).toBe("supported");
    expect(await check(fw, "us-east-1 has a p50 latency of 59 ms.")).toEqual(["contradicted", ["95 ms"]]);
  });

  it("should read a percent key's number as a percentage", async () => {
    const fw = session();
    expect(await check(fw, "eu-west-1 has an error rate of 2.0%.")).toEqual(["contradicted", ["0.2%"]]);
    expect((await check(fw, "eu-west-1 has an error rate of 0.2%."))[0]).toBe("supported");
  });

  it("should check a status against the subject's own row and record, not another entity's row that names it", async () => {
    const fw = session();
    expect(await check(fw, "search-api is degraded.")).toEqual(["contradicted", ["healthy"]]);
    expect(await check(fw, "INC-2041 was a SEV1 incident.")).toEqual(["contradicted", ["SEV2"]]);
    expect((await check(fw, "INC-2041 was a SEV2 incident."))[0]).toBe("supported");
  });
});
