/**
 * The JSON a Claude Code `PostToolUse` hook reads on standard input, as the hooks reference documents it
 * (https://code.claude.com/docs/en/hooks, "PostToolUse input"): the common fields `session_id`,
 * `transcript_path`, `cwd`, `hook_event_name`, then `tool_name`, `tool_input`, `tool_response` and, in recent
 * versions, `tool_use_id`. Fields not read here (`permission_mode`, ...) are tolerated and ignored.
 *
 * Checked by hand rather than with a zod schema: this runs once per tool call of the agent, and loading zod
 * costs about 90 ms, more than the rest of the capture hook.
 */
import { FirewallError } from "../errors.js";
import { parseHookJson } from "./hook-json.js";

/** The fields of a PostToolUse input that the capture hook reads. */
export interface PostToolUseInput {
  /** Claude Code's session id. */
  session_id: string;
  /** Always `PostToolUse` when present. */
  hook_event_name?: string;
  /** The tool's name: `Bash`, `Read`, ... for built-in tools, `mcp__<server>__<tool>` for MCP tools. */
  tool_name: string;
  /** The tool's arguments as the model gave them. */
  tool_input?: unknown;
  /** What the tool returned; its shape depends on the tool (see `tool-response.ts`). */
  tool_response: unknown;
  /** The id of the model's `tool_use` block (`toolu_...`); absent in older versions. */
  tool_use_id?: string;
  transcript_path?: string;
  cwd?: string;
}

/**
 * @param text standard input of the hook.
 * @throws FirewallError naming what is wrong when the text is not JSON or lacks a required field.
 */
export function parsePostToolUseInput(text: string): PostToolUseInput {
  const value = parseHookJson(text, { command: "capture", event: "PostToolUse" });
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new FirewallError("The hook input is not a JSON object: run 'hfw hook capture' as a Claude Code PostToolUse hook.");
  }
  const o = value as Record<string, unknown>;
  if (o.hook_event_name !== undefined && o.hook_event_name !== "PostToolUse") {
    throw new FirewallError(
      `'hfw hook capture' handles PostToolUse, not ${JSON.stringify(o.hook_event_name)}: wire it under hooks.PostToolUse in the settings.`,
    );
  }
  for (const key of ["session_id", "tool_name"] as const) {
    if (typeof o[key] !== "string" || (o[key] as string).trim() === "") {
      throw new FirewallError(`The PostToolUse input has no ${key} (a non-empty string): is this Claude Code's hook input?`);
    }
  }
  if (!("tool_response" in o) || o.tool_response === undefined) {
    throw new FirewallError(`The PostToolUse input of '${o.tool_name as string}' has no tool_response: nothing to record.`);
  }
  for (const key of ["tool_use_id", "transcript_path", "cwd"] as const) {
    if (o[key] !== undefined && o[key] !== null && typeof o[key] !== "string") throw new FirewallError(`The PostToolUse input's ${key} is not a string.`);
  }
  return {
    session_id: o.session_id as string,
    tool_name: o.tool_name as string,
    tool_response: o.tool_response,
    ...(o.tool_input === undefined ? {} : { tool_input: o.tool_input }),
    ...(typeof o.tool_use_id === "string" && o.tool_use_id !== "" ? { tool_use_id: o.tool_use_id } : {}),
    ...(typeof o.hook_event_name === "string" ? { hook_event_name: o.hook_event_name } : {}),
    ...(typeof o.transcript_path === "string" ? { transcript_path: o.transcript_path } : {}),
    ...(typeof o.cwd === "string" ? { cwd: o.cwd } : {}),
  };
}
