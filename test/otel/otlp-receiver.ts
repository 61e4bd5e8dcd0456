/**
 * A small OTLP/HTTP receiver on 127.0.0.1 for the export tests: it accepts `POST /v1/traces`, `/v1/metrics`
 * and `/v1/logs` with the JSON encoding the OTLP/HTTP exporters send (gzip or not), decodes the payloads
 * (ExportTraceServiceRequest, ExportMetricsServiceRequest, ExportLogsServiceRequest, as in
 * opentelemetry-proto's JSON mapping) and answers 200 with an empty partial-success body, as a collector does.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

/** An OTLP AnyValue in the JSON mapping. */
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}

export type Value = string | number | boolean | Value[] | { [k: string]: Value } | null;
export type Attrs = Record<string, Value>;

export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Attrs;
  events: Array<{ name: string; attributes: Attrs }>;
  status: { code?: number; message?: string };
  scope: string;
  resource: Attrs;
}

export interface ReceivedLog {
  eventName: string;
  traceId: string;
  spanId: string;
  attributes: Attrs;
  resource: Attrs;
}

export interface ReceivedMetric {
  name: string;
  unit: string;
  points: Array<{ attributes: Attrs; value: number; count?: number }>;
}

export interface Receiver {
  url: string;
  spans: ReceivedSpan[];
  logs: ReceivedLog[];
  metrics: ReceivedMetric[];
  /** Headers of every request, by path. */
  headers: Array<{ path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

export function decodeValue(v: AnyValue | undefined): Value {
  if (!v) return null;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(decodeValue);
  if (v.kvlistValue) return decodeAttributes(v.kvlistValue.values);
  return null;
}

export function decodeAttributes(kvs: KeyValue[] | undefined): Attrs {
  return Object.fromEntries((kvs ?? []).map((kv) => [kv.key, decodeValue(kv.value)]));
}

interface TracesRequest {
  resourceSpans?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{
        name: string;
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        attributes?: KeyValue[];
        events?: Array<{ name: string; attributes?: KeyValue[] }>;
        status?: { code?: number; message?: string };
      }>;
    }>;
  }>;
}

interface LogsRequest {
  resourceLogs?: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeLogs?: Array<{ logRecords?: Array<{ eventName?: string; traceId?: string; spanId?: string; attributes?: KeyValue[] }> }>;
  }>;
}

interface NumberPoint {
  attributes?: KeyValue[];
  asInt?: string | number;
  asDouble?: number;
  count?: string | number;
  sum?: number;
}
interface MetricsRequest {
  resourceMetrics?: Array<{
    scopeMetrics?: Array<{
      metrics?: Array<{
        name: string;
        unit?: string;
        sum?: { dataPoints?: NumberPoint[] };
        gauge?: { dataPoints?: NumberPoint[] };
        histogram?: { dataPoints?: NumberPoint[] };
      }>;
    }>;
  }>;
}

/** Starts the receiver on an ephemeral port of 127.0.0.1. */
export async function startReceiver(): Promise<Receiver> {
  const received: Omit<Receiver, "url" | "close"> = { spans: [], logs: [], metrics: [], headers: [] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      received.headers.push({ path, headers: req.headers });
      let body = Buffer.concat(chunks);
      if (req.headers["content-encoding"] === "gzip") body = gunzipSync(body);
      if (!String(req.headers["content-type"]).includes("application/json")) {
        res.writeHead(415).end();
        return;
      }
      const payload = JSON.parse(body.toString("utf8")) as TracesRequest & LogsRequest & MetricsRequest;
      if (path === "/v1/traces") received.spans.push(...decodeSpans(payload));
      else if (path === "/v1/logs") received.logs.push(...decodeLogs(payload));
      else if (path === "/v1/metrics") received.metrics.push(...decodeMetrics(payload));
      else {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ...received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeSpans(p: TracesRequest): ReceivedSpan[] {
  return (p.resourceSpans ?? []).flatMap((rs) =>
    (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => ({
        name: s.name,
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? "",
        attributes: decodeAttributes(s.attributes),
        events: (s.events ?? []).map((e) => ({ name: e.name, attributes: decodeAttributes(e.attributes) })),
        status: s.status ?? {},
        scope: ss.scope?.name ?? "",
        resource: decodeAttributes(rs.resource?.attributes),
      })),
    ),
  );
}

function decodeLogs(p: LogsRequest): ReceivedLog[] {
  return (p.resourceLogs ?? []).flatMap((rl) =>
    (rl.scopeLogs ?? []).flatMap((sl) =>
      (sl.logRecords ?? []).map((l) => ({
        eventName: l.eventName ?? "",
        traceId: l.traceId ?? "",
        spanId: l.spanId ?? "",
        attributes: decodeAttributes(l.attributes),
        resource: decodeAttributes(rl.resource?.attributes),
      })),
    ),
  );
}

function decodeMetrics(p: MetricsRequest): ReceivedMetric[] {
  return (p.resourceMetrics ?? []).flatMap((rm) =>
    (rm.scopeMetrics ?? []).flatMap((sm) =>
      (sm.metrics ?? []).map((m) => {
        const dataPoints = m.sum?.dataPoints ?? m.gauge?.dataPoints ?? m.histogram?.dataPoints ?? [];
        return {
          name: m.name,
          unit: m.unit ?? "",
          points: dataPoints.map((d) =>
            m.histogram
              ? { attributes: decodeAttributes(d.attributes), value: Number(d.sum ?? 0), count: Number(d.count ?? 0) }
              : { attributes: decodeAttributes(d.attributes), value: Number(d.asInt ?? d.asDouble ?? 0) },
          ),
        };
      }),
    ),
  );
}
