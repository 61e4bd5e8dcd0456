/**
 * The JSON a Claude Code `Stop` hook reads on standard input, as the hooks reference documents it
 * (https://code.claude.com/docs/en/hooks, "Stop input"): the common fields `session_id`, `transcript_path`,
 * `cwd`, `hook_event_name`, then `stop_hook_active` (true when Claude is already continuing because a Stop
 * hook blocked) and, since Claude Code 2.1.47, `last_assistant_message` (the text of the turn's final
 * response). Other fields are tolerated and dropped.
 */
import { z } from "zod";

export const StopInputSchema = z.object({
  session_id: z.string().min(1),
  transcript_path: z.string().optional(),
  cwd: z.string().optional(),
  hook_event_name: z.string().optional(),
  stop_hook_active: z.boolean().default(false),
  last_assistant_message: z.string().nullish(),
});
export type StopInput = z.infer<typeof StopInputSchema>;
