/**
 * The firewall's entry in `providerMetadata`: how callers read the report from `result.providerMetadata`,
 * `result.steps[i].providerMetadata`, or a stream's `finish-step` / `finish` parts.
 */
import { ReportSchema, type Report } from "../../src/index.js";
import { NAMESPACE } from "./session-key.js";
import type { RecordOutcome } from "./record-tool-results.js";
import type { ProviderMetadataLike } from "./types.js";

/** What the adapter puts under `providerMetadata.hallucinationFirewall` for each model call. */
export interface FirewallMetadata {
  /** The session the call's evidence and report belong to. */
  sessionId: string;
  /** Evidence ids (`e1`, ...) recorded during this call, from the prompt's tool results. */
  recorded: string[];
  /** Tool results the ledger refused (binary, oversized), with the reason; they are not evidence. */
  skipped: Array<{ toolCallId: string; reason: string }>;
  /** The verification report of the call's answer; absent when the call had no answer to verify. */
  report?: Report;
  /** Why verification failed, when it did (then `report` is absent and `failMode` decided). */
  error?: string;
  /** How a `progressive` stream ended; absent in the other modes. */
  progressive?: ProgressiveMetadata;
}

/** What a `progressive` stream released. */
export interface ProgressiveMetadata {
  /**
   * Characters of text sent to the caller: the verified text, any text passed as it came (a tool-calling
   * step's, or under `failMode: "open"`), and the refusal.
   */
  released: number;
  /** A block (or a failed verification under `failMode: "closed"`) stopped the answer. */
  blocked: boolean;
}

/** Builds the metadata entry; the report is copied as plain JSON so it is a valid provider-metadata value. */
export function toMetadata(
  sessionId: string,
  outcome: RecordOutcome,
  report?: Report,
  error?: string,
  progressive?: ProgressiveMetadata,
): Record<string, unknown> {
  return {
    sessionId,
    recorded: [...outcome.recorded],
    skipped: outcome.skipped.map((s) => ({ ...s })),
    ...(report ? { report: JSON.parse(JSON.stringify(report)) as unknown } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(progressive ? { progressive: { ...progressive } } : {}),
  };
}

/** Adds the firewall's entry to provider metadata without touching the provider's own namespaces. */
export function withFirewallMetadata(providerMetadata: ProviderMetadataLike | undefined, entry: Record<string, unknown>): ProviderMetadataLike {
  return { ...(providerMetadata ?? {}), [NAMESPACE]: entry };
}

/**
 * Reads the firewall's entry from provider metadata (of a result, a step, or a `finish` part).
 *
 * ```ts
 * const result = await generateText({ model, tools, stopWhen: stepCountIs(5), prompt });
 * const report = readFirewallMetadata(result.providerMetadata)?.report;
 * report?.decision; // "rewrite"
 * ```
 *
 * @returns the entry with its report validated against `ReportSchema`, or `undefined` when there is none
 *   (the model was not wrapped, or the entry is malformed).
 */
export function readFirewallMetadata(providerMetadata: unknown): FirewallMetadata | undefined {
  if (!providerMetadata || typeof providerMetadata !== "object") return undefined;
  const entry = (providerMetadata as Record<string, unknown>)[NAMESPACE];
  if (!entry || typeof entry !== "object") return undefined;
  const { sessionId, recorded, skipped, report, error, progressive } = entry as Record<string, unknown>;
  if (typeof sessionId !== "string") return undefined;
  const parsed = report === undefined ? undefined : ReportSchema.safeParse(report);
  if (parsed && !parsed.success) return undefined;
  return {
    sessionId,
    recorded: Array.isArray(recorded) ? recorded.filter((r): r is string => typeof r === "string") : [],
    skipped: Array.isArray(skipped) ? (skipped as FirewallMetadata["skipped"]) : [],
    ...(parsed ? { report: parsed.data } : {}),
    ...(typeof error === "string" ? { error } : {}),
    ...(isProgressive(progressive) ? { progressive: { released: progressive.released, blocked: progressive.blocked } } : {}),
  };
}

function isProgressive(value: unknown): value is ProgressiveMetadata {
  const p = value as ProgressiveMetadata | undefined;
  return typeof p === "object" && p !== null && typeof p.released === "number" && typeof p.blocked === "boolean";
}
