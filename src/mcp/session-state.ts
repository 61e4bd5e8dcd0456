/**
 * What one MCP client session holds: its firewall session (its own evidence ledger and reports, in the store
 * the CLI and dashboard use) and the policy `set_policy` chose for it.
 */
import type { Firewall } from "../firewall.js";
import { type PolicyOverrides, resolvePolicy, type Policy } from "../policy/presets.js";
import type { Strictness } from "../schema.js";
import type { Session, VerifyOverrides } from "../session.js";

export class McpSessionState {
  /** Policy fields set by `set_policy` (the strictness preset, then any field that overrides it). */
  private policyOverrides: PolicyOverrides = {};

  /**
   * @param firewall the process's firewall (one store, shared by every client session).
   * @param sessionId this client's firewall session id.
   * @param onChange called after the session's evidence or reports change (the server then says its resource
   *   list changed).
   */
  constructor(
    readonly firewall: Firewall,
    readonly sessionId: string,
    private readonly onChange: () => void = () => {},
  ) {}

  /** The firewall session; reopened (empty) after a reset. */
  session(): Session {
    return this.firewall.session(this.sessionId);
  }

  /**
   * The firewall session, brought up to date with the store (what other processes recorded; with an
   * asynchronous store, what this one recorded too). Creates the session in the store when it is new.
   * @throws StoreError when the store cannot be read or written.
   */
  async syncedSession(): Promise<Session> {
    const session = this.session();
    await session.sync();
    return session;
  }

  /** The policy in force: the firewall's (default balanced), or the preset `set_policy` chose, with its overrides. */
  policy(): Policy {
    const { strictness, ...rest } = this.policyOverrides;
    return strictness ? resolvePolicy(strictness, rest) : resolvePolicy(this.firewall.policy.strictness, { ...this.firewall.policy, ...rest });
  }

  /**
   * Changes the policy. A new `strictness` starts from that preset and drops earlier field overrides; other
   * fields override the preset's. @returns the policy now in force.
   */
  setPolicy(overrides: PolicyOverrides): Policy {
    const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as PolicyOverrides;
    this.policyOverrides = defined.strictness ? defined : { ...this.policyOverrides, ...defined };
    return this.policy();
  }

  /** The verify options for this session's policy, with a call's own strictness or action on top. */
  verifyOptions(call: { strictness?: Strictness; action?: Policy["action"] } = {}): VerifyOverrides {
    if (call.strictness) return { ...resolvePolicy(call.strictness), ...(call.action ? { action: call.action } : {}) };
    return { ...this.policy(), ...(call.action ? { action: call.action } : {}) };
  }

  /** Forgets the session's evidence and reports (in memory and in the store); the policy stays. */
  async reset(): Promise<void> {
    await this.firewall.reset(this.sessionId);
    this.changed();
  }

  /** Tells the server that the session's evidence or reports changed. */
  changed(): void {
    this.onChange();
  }
}
