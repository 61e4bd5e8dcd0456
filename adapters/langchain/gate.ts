/**
 * Output gates for LCEL chains and LangGraph nodes: `firewallGate()` is a step to pipe an output into;
 * `withFirewall(chain)` records the chain's tool results and gates its output in one wrapper.
 */
import { randomUUID } from "node:crypto";
import type { CallbackManagerForChainRun } from "@langchain/core/callbacks/manager";
import { patchConfig, Runnable, RunnableLambda, type RunnableConfig } from "@langchain/core/runnables";
import { ConfigError, type Firewall } from "../../src/index.js";
import { FirewallCallbackHandler } from "./callback-handler.js";
import { checkOptions } from "./check-options.js";
import { gateOutput, type GateOptions } from "./gate-output.js";
import { emptyStats, type AdapterStats } from "./safety.js";
import { resolveSessionId, threadIdOfConfig, type SessionIdOption } from "./session-key.js";

export interface FirewallGateOptions extends GateOptions {
  /** The firewall whose session holds the evidence. */
  firewall: Firewall;
  /**
   * Session to verify in: a fixed id, or `(run) => id`. Default: the session `handler` recorded this run's
   * tool results in; else `configurable.thread_id`; else the firewall's default session (`fw.record`).
   */
  sessionId?: SessionIdOption;
  /** The callback handler that records this run's tool results (pass the same one in `callbacks`). */
  handler?: FirewallCallbackHandler;
}

/** What a gate step reads from its config besides the session. */
type GateConfig = RunnableConfig & { writer?: unknown };

/**
 * A runnable that verifies what flows into it and passes on what may ship, in the same shape: a string, an
 * AI message (rebuilt with the same id and the report in `response_metadata.hallucination_firewall`), or a
 * graph state `{ messages }` whose last message is the answer (returned whole, so it works as a LangGraph
 * node: the messages reducer replaces the answer by id).
 *
 * ```ts
 * const handler = new FirewallCallbackHandler({ firewall: fw });
 * const chain = prompt.pipe(model).pipe(new StringOutputParser()).pipe(firewallGate({ firewall: fw, handler }));
 * await chain.invoke(input, { callbacks: [handler] });
 * ```
 *
 * Blocking ships the refusal, or throws `HallucinationBlocked` with `onBlock: "throw"`. Never throws
 * otherwise: a failure of its own is logged and counted in `stats`.
 * @returns a `Runnable` with `stats`.
 * @throws ConfigError at setup for a missing `firewall` or an option value it does not take.
 */
export function firewallGate(options: FirewallGateOptions): Runnable & { stats: Readonly<AdapterStats> } {
  checkOptions("firewallGate", options);
  const stats = emptyStats();
  const logger = options.logger ?? options.firewall.logger;
  const gate = RunnableLambda.from(async (input: unknown, config?: GateConfig) => {
    const fromHandler = options.sessionId === undefined ? options.handler?.sessionIdFor(config) : undefined;
    const sessionId =
      fromHandler ??
      resolveSessionId(
        options.sessionId,
        { threadId: threadIdOfConfig(config), metadata: (config?.metadata ?? {}) as Record<string, unknown> },
        () => options.firewall.session().id,
      );
    return gateOutput(input, options.firewall.session(sessionId), options, stats, logger, config);
  }).withConfig({ runName: "HallucinationFirewallGate" });
  return Object.assign(gate, { stats: stats as Readonly<AdapterStats> });
}

export interface WithFirewallOptions extends GateOptions {
  /** The firewall whose sessions receive the evidence and reports. */
  firewall: Firewall;
  /**
   * Session of an invocation: a fixed id, or `(run) => id`. Default: `configurable.thread_id`, else one
   * session per invocation (keyed by the invocation's run id; pass `runId` in the config to choose it).
   */
  sessionId?: SessionIdOption;
  /** Record a `content_and_artifact` tool's artifact as a second evidence record (default true). */
  artifacts?: boolean;
}

/**
 * Wraps a runnable (an LCEL chain, an agent, a compiled graph) so that every tool result of its runs is
 * recorded and its output gated, in one line:
 *
 * ```ts
 * const safe = withFirewall(chain, { firewall: fw });
 * const answer = await safe.invoke(input);
 * ```
 *
 * `invoke` runs the chain with a {@link FirewallCallbackHandler} bound to the invocation's session, then
 * gates the output as {@link firewallGate} does. `stream` yields the gated output as one chunk once it is
 * verified: no unverified text leaves the wrapper.
 * @throws ConfigError at setup for a missing runnable or `firewall`, or an option value it does not take.
 */
export function withFirewall<RunInput, RunOutput>(runnable: Invokable<RunInput, RunOutput>, options: WithFirewallOptions): FirewallGuard<RunInput, RunOutput> {
  checkOptions("withFirewall", options);
  if (typeof (runnable as { invoke?: unknown } | undefined)?.invoke !== "function") {
    throw new ConfigError("withFirewall(runnable, options) needs a runnable with invoke(): an LCEL chain, a compiled graph or a createAgent agent.");
  }
  return new FirewallGuard(runnable, options);
}

/** What `withFirewall` wraps: anything with `invoke(input, config)` (a runnable, a compiled graph, a `createAgent` agent). */
export interface Invokable<RunInput, RunOutput> {
  invoke(input: RunInput, config?: Partial<RunnableConfig>): Promise<RunOutput>;
}

/** The runnable `withFirewall` returns. */
export class FirewallGuard<RunInput, RunOutput> extends Runnable<RunInput, RunOutput> {
  lc_namespace = ["hallucination_firewall", "langchain"];
  /** What the guard recorded, verified, blocked, and failed on, over all its invocations. */
  readonly stats: AdapterStats = emptyStats();

  constructor(
    readonly bound: Invokable<RunInput, RunOutput>,
    private readonly options: WithFirewallOptions,
  ) {
    super();
  }

  static override lc_name(): string {
    return "FirewallGuard";
  }

  override async invoke(input: RunInput, options?: Partial<RunnableConfig>): Promise<RunOutput> {
    // LangChain takes `runId` out of the config it hands on; without callbacks there is no run manager either.
    const requestedRunId = options?.runId;
    return this._callWithConfig(
      (i: RunInput, config?: Partial<RunnableConfig>, runManager?: CallbackManagerForChainRun) =>
        this.guarded(i, config ?? {}, runManager?.runId ?? requestedRunId, runManager),
      input,
      options,
    );
  }

  private async guarded(
    input: RunInput,
    config: Partial<RunnableConfig> & { writer?: unknown },
    runId: string | undefined,
    runManager: CallbackManagerForChainRun | undefined,
  ): Promise<RunOutput> {
    const { firewall } = this.options;
    const logger = this.options.logger ?? firewall.logger;
    const sessionId = resolveSessionId(
      this.options.sessionId,
      { threadId: threadIdOfConfig(config), rootRunId: runId, metadata: (config.metadata ?? {}) as Record<string, unknown> },
      () => runId ?? randomUUID(),
    );
    const recorder = new FirewallCallbackHandler({ firewall, sessionId, logger, artifacts: this.options.artifacts });
    const child = runManager?.getChild();
    child?.addHandler(recorder, true);
    let output: RunOutput;
    try {
      output = await this.bound.invoke(input, patchConfig(config, { callbacks: child ?? [recorder] }));
    } finally {
      for (const k of ["recorded", "skipped", "errors"] as const) this.stats[k] += recorder.stats[k];
    }
    return gateOutput(output, firewall.session(sessionId), this.options, this.stats, logger, config);
  }
}
