/**
 * The judge's spending limit per answer: model calls, tokens (prompt + completion) and, with a price table,
 * US dollars. A call reserves its estimate before it starts and settles its actual usage when it ends, so
 * concurrent calls cannot together overrun the limit by more than the estimate's error.
 */

/** Limits per answer (one `verify` call). */
export interface JudgeBudget {
  /** Model calls, re-asks included (default 10). */
  calls?: number;
  /** Prompt + completion tokens (default 60,000). */
  tokens?: number;
  /** US dollars; needs a price for the model (default: no limit). */
  costUsd?: number;
}

export const DEFAULT_JUDGE_BUDGET: Required<Omit<JudgeBudget, "costUsd">> = { calls: 10, tokens: 60_000 };

/** Spending of one answer against its budget. */
export class BudgetMeter {
  private calls = 0;
  private tokens = 0;
  private cost = 0;
  private readonly limit: { calls: number; tokens: number; costUsd: number };

  constructor(budget: JudgeBudget = {}) {
    this.limit = {
      calls: budget.calls ?? DEFAULT_JUDGE_BUDGET.calls,
      tokens: budget.tokens ?? DEFAULT_JUDGE_BUDGET.tokens,
      costUsd: budget.costUsd ?? Infinity,
    };
  }

  /**
   * Reserves one call of about `tokens` tokens costing about `costUsd`.
   * @returns null when reserved, or which limit it would exceed.
   */
  reserve(tokens: number, costUsd: number | null): string | null {
    if (this.calls + 1 > this.limit.calls) return `${this.limit.calls} calls`;
    if (this.tokens + tokens > this.limit.tokens) return `${this.limit.tokens.toLocaleString("en-US")} tokens`;
    if (costUsd !== null && this.cost + costUsd > this.limit.costUsd) return `$${this.limit.costUsd}`;
    this.calls += 1;
    this.tokens += tokens;
    this.cost += costUsd ?? 0;
    return null;
  }

  /** Replaces a reservation by what the call used. */
  settle(reserved: { tokens: number; costUsd: number | null }, used: { attempts: number; tokens: number; costUsd: number | null }): void {
    this.calls += used.attempts - 1;
    this.tokens += used.tokens - reserved.tokens;
    this.cost += (used.costUsd ?? 0) - (reserved.costUsd ?? 0);
  }

  /** What was spent so far, for trace notes. */
  spent(): string {
    return `${this.calls} call(s), ${this.tokens.toLocaleString("en-US")} tokens`;
  }
}
