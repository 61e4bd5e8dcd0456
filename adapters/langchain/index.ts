/**
 * hallucination-firewall for LangChain.js: a callback handler that records every tool result as evidence,
 * `createAgent` middleware that gates the agent's final answer, and output gates for LCEL chains and
 * LangGraph nodes. Needs `langchain` and `@langchain/core` (peer dependencies).
 */
export { FirewallCallbackHandler, type FirewallCallbackHandlerOptions } from "./callback-handler.js";
export { firewallMiddleware, type FirewallMiddlewareOptions } from "./middleware.js";
export { firewallGate, withFirewall, FirewallGuard, type FirewallGateOptions, type Invokable, type WithFirewallOptions } from "./gate.js";
export type { GateOptions } from "./gate-output.js";
export { defaultRefusal, DEFAULT_METADATA_KEY, firewallReport, type BlockOptions } from "./message-gate.js";
export { defaultCorrectionPrompt } from "./correction-prompt.js";
export { findHallucinationBlocked } from "./blocked.js";
export { readToolOutput, type ToolEvidence, type ToolOutputReading } from "./tool-output.js";
export { isUnitVerdictEvent, isVerdictEvent, UNIT_VERDICT_EVENT, VERDICT_EVENT, type UnitVerdictEvent, type VerdictEvent } from "./verdict-event.js";
export type { StreamMode } from "./answer-stream.js";
export type { AdapterStats } from "./safety.js";
export type { RunContext, SessionIdOption } from "./session-key.js";
