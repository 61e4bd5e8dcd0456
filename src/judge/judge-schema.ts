/**
 * What the LLM judge must return, validated by zod (through the AI SDK's structured output).
 */
import { z } from "zod";

/** Bump when the prompt or the schema changes: cached answers of another version are not reused. */
export const JUDGE_PROMPT_VERSION = 1;

/** The judge's answer on one claim. */
export const JudgementSchema = z.object({
  claim: z.string().describe("The claim's id as given, e.g. c1."),
  verdict: z.enum(["supported", "contradicted", "unsupported"]),
  quote: z.string().describe('For supported or contradicted: the deciding text copied character for character from one evidence passage. For unsupported: "".'),
  rationale: z.string().describe("One short sentence: why."),
});
export type Judgement = z.infer<typeof JudgementSchema>;

/** The judge's answer on a batch of claims. */
export const JudgeOutputSchema = z.object({
  verdicts: z.array(JudgementSchema).describe("One entry per claim id, in the order given."),
});
export type JudgeOutput = z.infer<typeof JudgeOutputSchema>;
