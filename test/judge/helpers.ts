/**
 * Test helpers for the LLM judge and extractor: the AI SDK's own mock model (`MockLanguageModelV3`), driven
 * by a deterministic function of the prompt it receives, as a model would be.
 */
import { MockLanguageModelV3 } from "ai/test";
import { Firewall, type FirewallOptions, type JudgeOptions } from "../../src/index.js";

/** The SDK's v3 usage shape. */
export function usage(input: number, output: number) {
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

type CallOptions = Parameters<MockLanguageModelV3["doGenerate"]>[0];

/** What the mock model was sent, read back from the prompt. */
export interface ModelRequest {
  system: string;
  /** Text of the first user message. */
  user: string;
  /** The JSON document between `<data>` and `</data>`. */
  data: unknown;
  /** Messages after the first user message (re-asks). */
  followUps: number;
  options: CallOptions;
}

export function readRequest(options: CallOptions): ModelRequest {
  const system = options.prompt
    .filter((m) => m.role === "system")
    .map((m) => m.content as string)
    .join("\n");
  const users = options.prompt.filter((m) => m.role === "user");
  const first = users[0]!.content as Array<{ type: string; text?: string }>;
  const user = first.map((p) => p.text ?? "").join("");
  const m = /<data>\n([\s\S]*)\n<\/data>/.exec(user);
  return { system, user, data: m ? JSON.parse(m[1]!) : null, followUps: options.prompt.length - 2, options };
}

/** The judge's data document. */
export interface JudgeData {
  evidence: Array<{ id: string; source: string; text: string }>;
  claims: Array<{ id: string; claim: string; evidence: string[] }>;
}

/** A model reply: an object (sent as JSON text), raw text, or an error to throw. */
export type Reply = unknown;

/**
 * A mock model whose reply is computed from the request. Returned objects are sent as JSON text; strings as
 * they are; a thrown error reaches the SDK as a provider error.
 */
export function scriptedModel(
  reply: (req: ModelRequest, call: number) => Reply | Promise<Reply>,
  tokens: { input: number; output: number } = { input: 900, output: 120 },
): MockLanguageModelV3 {
  let calls = 0;
  return new MockLanguageModelV3({
    provider: "mock-provider",
    modelId: "mock-judge-1",
    doGenerate: async (options) => {
      const out = await reply(readRequest(options), ++calls);
      const text = typeof out === "string" ? out : JSON.stringify(out);
      return { content: [{ type: "text", text }], finishReason: { unified: "stop", raw: undefined }, usage: usage(tokens.input, tokens.output), warnings: [] };
    },
  });
}

/** A rule of the deterministic judge: claims matching `match` get this verdict and quote. */
export interface JudgeRule {
  match: RegExp;
  verdict: "supported" | "contradicted" | "unsupported";
  quote: string;
  rationale?: string;
}

/** A deterministic judge: the first rule matching each claim decides; other claims are unsupported. */
export function ruleJudge(rules: JudgeRule[], tokens?: { input: number; output: number }): MockLanguageModelV3 {
  return scriptedModel((req) => {
    const data = req.data as JudgeData;
    return {
      verdicts: data.claims.map((c) => {
        const r = rules.find((x) => x.match.test(c.claim));
        return { claim: c.id, verdict: r?.verdict ?? "unsupported", quote: r?.quote ?? "", rationale: r?.rationale ?? "as the rule says" };
      }),
    };
  }, tokens);
}

/** The claims a judge call was asked about. */
export function claimsOf(req: ModelRequest): string[] {
  return (req.data as JudgeData).claims.map((c) => c.claim);
}

export const CORS_VIEW = {
  name: "cors",
  versionCount: 35,
  license: "MIT",
  description: "Node.js CORS middleware",
  author: "Troy Goode",
  dependencies: { vary: "^1", "object-assign": "^4" },
};

export const CORS_DOCS = "The cors package lets Express servers answer cross-origin requests. It was first released in 2013 and is maintained by Troy Goode.";

/**
 * Six claims: c1 is contradicted by tier 0 (0.92), c2 and c6 supported by tier 1 (0.95), c4 unsupported by
 * tier 0 (0.85); c3 (a paraphrase, 0.72) and c5 (0.82) are tier-1 verdicts below 0.9: the judge's share.
 */
export const DRAFT =
  "The registry lists 40 published versions of cors. cors is distributed under the MIT license. " +
  "Express apps can use cors to reply to requests from other origins. cors was rewritten in Rust in 2020. " +
  "cors has no known security issues. Troy Goode maintains cors.";

/** A firewall with the cors evidence recorded and the given judge. */
export function corsFirewall(judge: FirewallOptions["judge"] | JudgeOptions, options: FirewallOptions = {}, docs = CORS_DOCS): Firewall {
  // Raw tier scores: which claims the judge reviews is tested against the tiers' own scores, not against a
  // calibration table that changes with every re-fit (calibration has its own tests).
  const fw = new Firewall({ calibration: false, ...options, judge });
  fw.record({ source: "npm_view", content: CORS_VIEW });
  fw.record({ source: "docs_search", content: docs });
  return fw;
}
