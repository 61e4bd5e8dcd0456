/**
 * A registry tool from zod schemas: the JSON Schemas `tools/list` shows are generated from them (draft-07, as
 * the SDK's own `McpServer` does), the arguments are validated with them, and the structured result is checked
 * against the output schema before it leaves, so a client that validates `structuredContent` never sees a
 * mismatch.
 */
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { FirewallError } from "../errors.js";
import { type RegisteredTool, type ToolCallContext, toolError } from "./tool-registry.js";

/** What a tool's `run` returns: the structured result and a text block a person (or a model) reads. */
export interface ToolAnswer<O> {
  structured: O;
  text: string;
}

export interface ToolSpec<I extends z.ZodObject, O extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations?: ToolAnnotations;
  run: (args: z.output<I>, context: ToolCallContext) => Promise<ToolAnswer<z.output<O>>> | ToolAnswer<z.output<O>>;
}

function jsonSchema(schema: z.ZodObject, io: "input" | "output"): { type: "object"; [key: string]: unknown } {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-7", io }) as Record<string, unknown>;
  return { ...rest, type: "object" };
}

/**
 * @returns a tool whose bad arguments, and whose `FirewallError`s (a draft too large, binary evidence, an
 *   unknown claim id), come back as `isError` results that say what to fix; any other error is rethrown.
 */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(spec: ToolSpec<I, O>): RegisteredTool {
  // An argument the tool does not take is an error, not ignored: `set_policy({ preset: "strict" })` must not
  // answer with the unchanged policy.
  const input = spec.input.strict();
  return {
    definition: {
      name: spec.name,
      title: spec.title,
      description: spec.description,
      inputSchema: jsonSchema(input, "input"),
      outputSchema: jsonSchema(spec.output, "output"),
      ...(spec.annotations ? { annotations: spec.annotations } : {}),
    },
    async call(args, context) {
      const parsed = input.safeParse(args ?? {});
      if (!parsed.success) return toolError(`Invalid arguments for ${spec.name}: ${z.prettifyError(parsed.error)}`);
      let answer: ToolAnswer<z.output<O>>;
      try {
        answer = await spec.run(parsed.data as z.output<I>, context);
      } catch (error) {
        if (FirewallError.isInstance(error)) return toolError(`${spec.name} failed: ${error.message}`);
        throw error;
      }
      const structured = spec.output.parse(answer.structured) as Record<string, unknown>;
      return { content: [{ type: "text", text: answer.text }], structuredContent: structured };
    },
  };
}
