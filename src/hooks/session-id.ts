/** Which firewall session holds a Claude Code session's evidence and reports. */

/** Prefix of the firewall sessions the Claude Code hooks write, so that `hfw sessions --search claude-` lists them. */
export const CLAUDE_SESSION_PREFIX = "claude-";

/**
 * The firewall session of a Claude Code session: `claude-<session_id>`, the same for every hook of that
 * session (capture and stop), in any process.
 */
export function firewallSessionId(claudeSessionId: string): string {
  return `${CLAUDE_SESSION_PREFIX}${claudeSessionId}`;
}
