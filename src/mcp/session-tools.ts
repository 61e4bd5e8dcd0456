/**
 * The firewall's session tools: `set_policy`, `get_policy`, `record_evidence`, `list_evidence` and
 * `reset_session`. They act on the calling client's own session only.
 */
import { z } from "zod";
import { PolicySchema, type Policy } from "../policy/presets.js";
import type { EvidenceRecord } from "../schema.js";
import { defineTool } from "./define-tool.js";
import type { McpSessionState } from "./session-state.js";
import type { RegisteredTool } from "./tool-registry.js";

const PolicyOut = PolicySchema;

/** Characters of an evidence record's text that `list_evidence` shows. */
const PREVIEW_CHARS = 240;

const EvidenceOut = z.object({
  id: z.string().describe("evidence id, e.g. e3; quotes in reports name it"),
  source: z.string(),
  callId: z.string().nullable(),
  format: z.enum(["text", "json"]),
  bytes: z.number().int().describe("size of the text the verifier reads, bytes (UTF-8)"),
  chunkCount: z.number().int(),
  recordedAt: z.number().describe("ms since the Unix epoch"),
  preview: z.string().describe(`the first ${PREVIEW_CHARS} characters of the text the verifier reads`),
});

function evidenceOut(r: EvidenceRecord): z.output<typeof EvidenceOut> {
  const flat = r.text.replace(/\s+/g, " ").trim();
  return {
    id: r.id,
    source: r.source,
    callId: r.callId,
    format: r.format,
    bytes: r.bytes,
    chunkCount: r.chunkCount,
    recordedAt: r.recordedAt,
    preview: flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat,
  };
}

function policyText(p: Policy): string {
  const unsupported = p.flagUnsupported > 1 ? "never flagged" : `flagged at confidence >= ${p.flagUnsupported}`;
  return [
    `strictness ${p.strictness}, action ${p.action}`,
    `contradicted claims flagged at confidence >= ${p.flagContradicted}; unsupported claims ${unsupported}`,
    `block when a contradiction cannot be corrected in place: ${p.blockUncorrectable}; block below grounding score ${p.blockBelowScore}`,
    `unsupported claims in a rewrite: ${p.unsupported}; citations: ${p.cite}`,
  ].join("\n");
}

export function sessionTools(state: McpSessionState): RegisteredTool[] {
  const setPolicy = defineTool({
    name: "set_policy",
    title: "Set the policy",
    description:
      "Change how this session's answers are judged. `strictness` picks a preset (lenient: annotate contradictions; " +
      "balanced: rewrite with corrections and hedges, block what cannot be corrected; strict: block any flagged claim) " +
      "and drops earlier field changes; the other fields override the preset.",
    input: PolicySchema.partial(),
    output: PolicyOut,
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    run(args) {
      const policy = state.setPolicy(args);
      return { structured: policy, text: policyText(policy) };
    },
  });

  const getPolicy = defineTool({
    name: "get_policy",
    title: "Read the policy",
    description: "The policy this session's answers are judged by.",
    input: z.object({}),
    output: PolicyOut,
    annotations: { readOnlyHint: true, openWorldHint: false },
    run() {
      const policy = state.policy();
      return { structured: policy, text: policyText(policy) };
    },
  });

  const recordEvidence = defineTool({
    name: "record_evidence",
    title: "Record a tool result",
    description:
      "Record a tool result that did not pass through this server (a built-in tool, another server), so that answers " +
      "built on it can be verified. Pass the result as the tool returned it: text, or JSON.",
    input: z.object({
      source: z.string().min(1).describe("the tool's name, e.g. get_invoice"),
      content: z
        .union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
        .describe("the tool's output: a string (JSON text is read as JSON) or a JSON value"),
      args: z.record(z.string(), z.unknown()).optional().describe("the arguments the tool was called with"),
      call_id: z.string().optional().describe("the tool call's id: recording the same id twice adds nothing"),
    }),
    output: EvidenceOut,
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: false },
    async run(args) {
      const record = await state.session().recordAsync({
        source: args.source,
        content: args.content,
        ...(args.args ? { args: args.args } : {}),
        ...(args.call_id ? { callId: args.call_id } : {}),
      });
      state.changed();
      return { structured: evidenceOut(record), text: `recorded ${record.id} from ${record.source} (${record.bytes} bytes)` };
    },
  });

  const listEvidence = defineTool({
    name: "list_evidence",
    title: "List recorded evidence",
    description: "List the tool results recorded in this session, newest last; with `query`, the records whose passages best match it, best first.",
    input: z.object({
      query: z.string().optional().describe("words to look for (ranked by BM25 over the evidence passages)"),
      limit: z.number().int().min(1).max(1000).optional().describe("most records to return (default 50)"),
    }),
    output: z.object({ total: z.number().int().describe("records in the session"), evidence: z.array(EvidenceOut) }),
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args) {
      const ledger = (await state.syncedSession()).ledger;
      const limit = args.limit ?? 50;
      let records: EvidenceRecord[];
      if (args.query?.trim()) {
        const ids = [...new Set(ledger.retrieve(args.query, limit * 4).map((p) => p.evidenceId))];
        records = ids.slice(0, limit).map((id) => ledger.get(id)!);
      } else {
        records = ledger.records.slice(-limit);
      }
      const evidence = records.map(evidenceOut);
      const text = evidence.length === 0 ? "no evidence recorded" : evidence.map((e) => `${e.id} ${e.source} (${e.bytes} bytes): ${e.preview}`).join("\n");
      return { structured: { total: ledger.records.length, evidence }, text };
    },
  });

  const resetSession = defineTool({
    name: "reset_session",
    title: "Start the session afresh",
    description: "Forget this session's recorded evidence and verified answers (in the store too). The policy stays.",
    input: z.object({}),
    output: z.object({ sessionId: z.string(), reset: z.boolean() }),
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    async run() {
      await state.reset();
      return { structured: { sessionId: state.sessionId, reset: true }, text: `session ${state.sessionId} reset: no evidence, no answers` };
    },
  });

  return [setPolicy, getPolicy, recordEvidence, listEvidence, resetSession];
}
