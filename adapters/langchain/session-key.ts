/**
 * Which firewall session a LangChain run belongs to: the conversation's thread id when the run has one, else
 * one session per top-level run.
 */
import type { RunnableConfig } from "@langchain/core/runnables";

/** What a session-id function is told about a run. */
export interface RunContext {
  /** `configurable.thread_id` of the run (LangGraph copies it into the run's metadata), when set. */
  threadId?: string;
  /** Id of the outermost run the adapter saw (the agent, graph or chain invocation); absent in middleware. */
  rootRunId?: string;
  /** The run's metadata as LangChain passes it to callbacks (`langgraph_node`, `thread_id`, your own keys). */
  metadata: Record<string, unknown>;
  /** The agent's runtime `context` (middleware only), e.g. to key sessions by a user id. */
  context?: unknown;
}

/** A fixed session id, or a function of the run that returns one. */
export type SessionIdOption = string | ((run: RunContext) => string);

/** The thread id of a run's metadata or config (`configurable.thread_id`, copied into `metadata.thread_id`). */
export function threadIdOf(source: { metadata?: Record<string, unknown>; configurable?: Record<string, unknown> } | undefined): string | undefined {
  const value = source?.configurable?.thread_id ?? source?.metadata?.thread_id;
  return typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;
}

/** The thread id of a RunnableConfig. */
export function threadIdOfConfig(config: RunnableConfig | undefined): string | undefined {
  return threadIdOf(config as { metadata?: Record<string, unknown>; configurable?: Record<string, unknown> } | undefined);
}

/** Resolves a `SessionIdOption` for a run; `fallback` when the option is unset and the run has no thread id. */
export function resolveSessionId(option: SessionIdOption | undefined, run: RunContext, fallback: () => string): string {
  if (typeof option === "string") return option;
  if (typeof option === "function") {
    const id = option(run);
    if (typeof id === "string" && id !== "") return id;
  }
  return run.threadId ?? fallback();
}
