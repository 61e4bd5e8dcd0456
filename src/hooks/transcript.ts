/**
 * The last turn of a Claude Code transcript: the JSONL file named by a hook's `transcript_path`, one entry a
 * line. Entries of `type` `user` and `assistant` carry an Anthropic Messages API `message` whose `content` is a
 * string or content blocks: the assistant's `text` and `tool_use` blocks, the user's `text` and `tool_result`
 * blocks. Other entry types (summaries, snapshots, system notes) and lines that do not parse are skipped.
 * Entries marked `isSidechain` (a subagent's) or `isMeta` (text the harness adds) are not the conversation's.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

const BlockSchema = z.object({ type: z.string(), text: z.string().optional(), id: z.string().optional() });

const EntrySchema = z.object({
  type: z.string(),
  isSidechain: z.boolean().optional(),
  isMeta: z.boolean().optional(),
  isCompactSummary: z.boolean().optional(),
  message: z.object({ content: z.union([z.string(), z.array(z.unknown())]) }).optional(),
});
type Entry = z.infer<typeof EntrySchema>;

/** What a Stop hook needs of the last turn. */
export interface LastTurn {
  /** Whether the turn's user prompt was found (false: the whole transcript was read as the turn). */
  prompted: boolean;
  /** Ids of the `tool_use` blocks the assistant wrote in the turn, in order. */
  toolUseIds: string[];
  /** The assistant's text after the turn's last tool result: its final message ("" when there is none). */
  finalText: string;
}

function blocksOf(entry: Entry): Array<z.infer<typeof BlockSchema>> {
  const content = entry.message?.content;
  if (content === undefined) return [];
  if (typeof content === "string") return [{ type: "text", text: content }];
  return content.flatMap((b) => {
    const parsed = BlockSchema.safeParse(b);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A prompt the user typed: a user entry with text and no tool result, not added by the harness. */
function isPrompt(entry: Entry): boolean {
  if (entry.type !== "user" || entry.isMeta || entry.isCompactSummary) return false;
  const blocks = blocksOf(entry);
  return blocks.some((b) => b.type === "text" && (b.text ?? "").trim() !== "") && !blocks.some((b) => b.type === "tool_result");
}

/**
 * Reads the turn that follows the transcript's last user prompt.
 * @param text the transcript's JSONL text.
 */
export function lastTurn(text: string): LastTurn {
  const entries: Entry[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const entry = EntrySchema.safeParse(value);
    if (entry.success && !entry.data.isSidechain && (entry.data.type === "user" || entry.data.type === "assistant")) entries.push(entry.data);
  }
  let start = entries.length;
  while (start > 0 && !isPrompt(entries[start - 1]!)) start--;
  const prompted = start > 0;
  const toolUseIds: string[] = [];
  let final: string[] = [];
  for (const entry of entries.slice(start)) {
    const blocks = blocksOf(entry);
    if (entry.type === "user") {
      // A tool result ends what the assistant wrote before it: the final message comes after the last one.
      if (blocks.some((b) => b.type === "tool_result")) final = [];
      continue;
    }
    for (const b of blocks) {
      if (b.type === "tool_use") toolUseIds.push(b.id ?? "");
      else if (b.type === "text" && b.text !== undefined && b.text.trim() !== "") final.push(b.text);
    }
  }
  return { prompted, toolUseIds, finalText: final.join("\n\n") };
}

/**
 * @throws the file system's error when the file cannot be read.
 */
export function readLastTurn(path: string): LastTurn {
  return lastTurn(readFileSync(path, "utf8"));
}
