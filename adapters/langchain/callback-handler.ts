/**
 * A LangChain callback handler that records every tool result as evidence, in the session of the run it
 * belongs to. Pass it in `callbacks` to any runnable, agent or graph.
 */
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import type { Serialized } from "@langchain/core/load/serializable";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Firewall, Logger } from "../../src/index.js";
import { checkOptions } from "./check-options.js";
import { recordToolOutput } from "./record-output.js";
import { emptyStats, safely, type AdapterStats } from "./safety.js";
import { resolveSessionId, threadIdOf, threadIdOfConfig, type SessionIdOption } from "./session-key.js";
import { parseToolInput } from "./tool-output.js";

export interface FirewallCallbackHandlerOptions {
  /** The firewall whose sessions receive the evidence. */
  firewall: Firewall;
  /**
   * Session of a run's tool results: a fixed id, or `(run) => id`. Default: the run's thread id
   * (`configurable.thread_id`), else the id of the outermost run the handler saw (one session per agent,
   * graph or chain invocation; pass `runId` in the invocation's config to choose it).
   */
  sessionId?: SessionIdOption;
  /** Record a `content_and_artifact` tool's artifact as a second evidence record (default true). */
  artifacts?: boolean;
  /** Told about the handler's own failures (default: the firewall's logger). */
  logger?: Logger;
  /**
   * Runs tracked at once before the oldest are forgotten (default 10,000): a bound on memory should a
   * framework never report the end of some runs.
   */
  maxOpenRuns?: number;
}

interface OpenRun {
  root: string;
  session: string;
}

interface OpenTool extends OpenRun {
  name: string;
  args: unknown;
  toolCallId?: string;
}

const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records tool results as evidence: on `handleToolEnd`, the tool's output (string, `ToolMessage` content and
 * `artifact`, JSON values, content blocks, a `Command`'s tool messages) with the tool's name and input from
 * `handleToolStart` and the tool call id (so recording is idempotent per call). Failed tool calls are not
 * evidence. Nested runs and parallel tool calls are kept apart by run id.
 *
 * The handler never throws into the user's run: an output the ledger refuses (binary data, over
 * `maxEvidenceBytes`) is logged through `logger.warn` and counted in `stats.errors`. It sets
 * `awaitHandlers`, so a tool's result is in the ledger before the agent's next step; recording is in-memory
 * and synchronous (tens of microseconds for a few KB, see the bench), with no I/O unless your `Store` does it.
 *
 * ```ts
 * const handler = new FirewallCallbackHandler({ firewall: fw });
 * await agent.invoke({ messages }, { callbacks: [handler], configurable: { thread_id: "t-1" } });
 * fw.session("t-1").ledger.records; // every tool result of the run
 * ```
 */
export class FirewallCallbackHandler extends BaseCallbackHandler {
  name = "hallucination_firewall";
  /** What the handler recorded, skipped, and failed on. */
  readonly stats: AdapterStats = emptyStats();
  /** Session of the last tool result recorded (handy when sessions are keyed by root run id). */
  lastSessionId: string | undefined;

  private readonly firewall: Firewall;
  private readonly sessionOption: SessionIdOption | undefined;
  private readonly artifacts: boolean;
  private readonly logger: Logger;
  private readonly maxOpenRuns: number;
  private readonly runs = new Map<string, OpenRun>();
  private readonly tools = new Map<string, OpenTool>();

  /** @throws ConfigError when `options.firewall` is missing. */
  constructor(options: FirewallCallbackHandlerOptions) {
    super();
    checkOptions("FirewallCallbackHandler", options);
    this.firewall = options.firewall;
    this.sessionOption = options.sessionId;
    this.artifacts = options.artifacts ?? true;
    this.logger = options.logger ?? options.firewall.logger;
    this.maxOpenRuns = options.maxOpenRuns ?? 10_000;
    // Evidence must be in the ledger before the model's next turn reads the tool results; LangChain runs
    // handlers in the background otherwise. The handler's work is synchronous and small.
    this.awaitHandlers = true;
    // Model, retriever and custom events carry no tool results: skip them at the callback manager.
    this.ignoreLLM = true;
    this.ignoreRetriever = true;
    this.ignoreCustomEvent = true;
  }

  /** The handler keeps the run tree of every invocation it is passed to: copies share it. */
  override copy(): this {
    return this;
  }

  /**
   * The session a runnable's config belongs to, as this handler keys it: the thread id, else the session of
   * the run the config was made for (a step of a chain this handler is attached to).
   * @returns the session id, or `undefined` when the config names no run this handler has seen and no thread.
   */
  sessionIdFor(config: RunnableConfig | undefined): string | undefined {
    if (typeof this.sessionOption === "string") return this.sessionOption;
    const parent = parentRunIdOf(config);
    const open = parent ? this.runs.get(parent) : undefined;
    if (open) return open.session;
    // A run this handler never saw recorded nothing here: only its thread can name the session.
    const threadId = threadIdOfConfig(config);
    if (threadId === undefined) return undefined;
    const metadata = (config?.metadata ?? {}) as Record<string, unknown>;
    return resolveSessionId(this.sessionOption, { threadId, rootRunId: parent, metadata }, () => threadId);
  }

  // LangChain calls handleChainStart(chain, inputs, runId, parentRunId, tags, metadata, runType, runName)
  // although its typings list (runId, runType, tags, metadata, runName, parentRunId): the parent is whichever
  // of the two positions holds a run id.
  override handleChainStart(
    _chain: Serialized,
    _inputs: unknown,
    runId: string,
    fourth?: string,
    _tags?: string[],
    metadata?: Record<string, unknown>,
    _seventh?: string,
    eighth?: string,
  ): void {
    safely(
      this.stats,
      this.logger,
      "handleChainStart",
      () => {
        const parent = isRunId(fourth) ? fourth : isRunId(eighth) ? eighth : undefined;
        this.open(this.runs, runId, this.place(runId, parent, metadata));
      },
      undefined,
    );
  }

  override handleChainEnd(_outputs: unknown, runId: string): void {
    this.runs.delete(runId);
  }

  override handleChainError(_error: unknown, runId: string): void {
    this.runs.delete(runId);
  }

  override handleToolStart(
    tool: Serialized,
    input: string,
    runId: string,
    parentRunId?: string,
    _tags?: string[],
    metadata?: Record<string, unknown>,
    runName?: string,
    toolCallId?: string,
  ): void {
    safely(
      this.stats,
      this.logger,
      "handleToolStart",
      () => {
        const serialized = tool as { name?: string; id?: string[] } | null | undefined;
        const name = runName ?? serialized?.name ?? serialized?.id?.[serialized.id.length - 1] ?? "tool";
        const place = this.place(runId, parentRunId, metadata);
        this.open(this.tools, runId, { ...place, name, args: parseToolInput(input), toolCallId: toolCallId || undefined });
        this.open(this.runs, runId, place);
      },
      undefined,
    );
  }

  override handleToolError(_error: unknown, runId: string): void {
    // An error is not evidence.
    this.tools.delete(runId);
    this.runs.delete(runId);
    this.stats.skipped++;
  }

  override handleToolEnd(output: unknown, runId: string, parentRunId?: string): void {
    const started = this.tools.get(runId);
    this.tools.delete(runId);
    this.runs.delete(runId);
    safely(this.stats, this.logger, "handleToolEnd", () => this.recordOutput(output, runId, parentRunId, started), undefined);
  }

  private recordOutput(output: unknown, runId: string, parentRunId: string | undefined, started: OpenTool | undefined): void {
    const place = started ?? this.place(runId, parentRunId, undefined);
    const call = { name: started?.name ?? "tool", args: started?.args, callId: started?.toolCallId ?? runId };
    const before = this.stats.recorded;
    recordToolOutput(this.firewall.session(place.session), output, call, this.stats, this.logger, this.artifacts);
    if (this.stats.recorded > before) this.lastSessionId = place.session;
  }

  /** Root and session of a run that starts now. */
  private place(runId: string, parentRunId: string | undefined, metadata: Record<string, unknown> | undefined): OpenRun {
    const parent = parentRunId ? this.runs.get(parentRunId) : undefined;
    // A parent the handler never saw (it was attached below the top) is the root as far as it can tell.
    const root = parent?.root ?? parentRunId ?? runId;
    if (typeof this.sessionOption === "string") return { root, session: this.sessionOption };
    const threadId = threadIdOf({ metadata });
    if (parent && threadId === undefined && typeof this.sessionOption !== "function") return { root, session: parent.session };
    const session = resolveSessionId(this.sessionOption, { threadId, rootRunId: root, metadata: metadata ?? {} }, () => parent?.session ?? root);
    return { root, session };
  }

  private open<T>(map: Map<string, T>, runId: string, value: T): void {
    map.set(runId, value);
    if (map.size > this.maxOpenRuns) map.delete(map.keys().next().value as string);
  }
}

function isRunId(x: unknown): x is string {
  return typeof x === "string" && RUN_ID.test(x);
}

/** The run a config was made for: LangChain hands a step a callback manager whose parent is the step's run. */
function parentRunIdOf(config: RunnableConfig | undefined): string | undefined {
  const callbacks = config?.callbacks as { getParentRunId?: () => string | undefined } | undefined;
  return typeof callbacks?.getParentRunId === "function" ? callbacks.getParentRunId() : undefined;
}
