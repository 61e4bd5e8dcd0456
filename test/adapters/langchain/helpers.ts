/**
 * Shared pieces of the LangChain adapter tests: two real LangChain tools over small in-memory data (an
 * invoice table and a document store), and scripted fake chat models from `@langchain/core/testing`.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import { fakeModel } from "@langchain/core/testing";
import { tool } from "langchain";
import { z } from "zod";

export const INVOICES = [
  {
    invoice_id: "INV-2024-0117",
    customer: "Northwind Traders",
    currency: "EUR",
    subtotal: 3680,
    vat_rate: 0.19,
    vat: 699.2,
    total: 4379.2,
    status: "overdue",
    due: "2024-12-04",
  },
  {
    invoice_id: "INV-2024-0118",
    customer: "Contoso Ltd",
    currency: "EUR",
    subtotal: 1540,
    vat_rate: 0.19,
    vat: 292.6,
    total: 1832.6,
    status: "paid",
    due: "2024-12-06",
  },
  {
    invoice_id: "INV-2024-0121",
    customer: "Fabrikam Inc",
    currency: "USD",
    subtotal: 1440,
    vat_rate: 0,
    vat: 0,
    total: 1440,
    status: "open",
    due: "2024-12-27",
  },
];

export const DOCS = [
  { path: "refunds.md", text: "Refunds are issued as a credit note and paid out within 14 business days of the return being received at our warehouse." },
  { path: "late-payment.md", text: "Overdue invoices accrue a late fee of 1.5% of the outstanding amount per month." },
];

/** Looks an invoice up by id; throws for an unknown id (a failed call, not evidence). */
export const invoiceLookup = tool(
  async ({ invoice_id }: { invoice_id: string }) => {
    const found = INVOICES.find((i) => i.invoice_id === invoice_id);
    if (!found) throw new Error(`No invoice ${invoice_id}`);
    return found;
  },
  { name: "invoice_lookup", description: "Look up an invoice by its id.", schema: z.object({ invoice_id: z.string() }) },
);

/** Returns the documents whose text contains every query word. */
export const docSearch = tool(
  async ({ query }: { query: string }) => {
    const words = query.toLowerCase().split(/\s+/);
    return DOCS.filter((d) => words.every((w) => d.text.toLowerCase().includes(w)))
      .map((d) => `${d.path}: ${d.text}`)
      .join("\n\n");
  },
  { name: "doc_search", description: "Search the policy documents.", schema: z.object({ query: z.string() }) },
);

/** The answer of the scripted agent: the refund delay is right (14), the invoice total is wrong (4,739.20). */
export const ANSWER = "Invoice INV-2024-0117 totals 4,739.20 EUR. Refunds are paid out within 14 business days.";

/**
 * A fake tool-calling chat model: first calls invoice_lookup and doc_search in parallel (one turn), then
 * answers `answer`.
 */
export function scriptedModel(answer: string = ANSWER, ids: { lookup?: string; search?: string } = {}) {
  return fakeModel()
    .respondWithTools([
      { name: "invoice_lookup", args: { invoice_id: "INV-2024-0117" }, id: ids.lookup },
      { name: "doc_search", args: { query: "refunds" }, id: ids.search },
    ])
    .respond(new AIMessage({ content: answer, id: "answer-1" }));
}

/** A logger that keeps what it is told. */
export function memoryLogger(): { warn: (m: string) => void; debug: (m: string) => void; warnings: string[]; debugs: string[] } {
  const warnings: string[] = [];
  const debugs: string[] = [];
  return { warn: (m) => warnings.push(m), debug: (m) => debugs.push(m), warnings, debugs };
}

/** One turn of {@link streamingModel}: text, tool calls, or both (text first, as providers stream them). */
export interface StreamedTurn {
  text?: string;
  toolCalls?: Array<{ name: string; args: Record<string, unknown>; id: string }>;
  id?: string;
}

/**
 * A scripted chat model that streams: each turn's text in chunks of the sizes given (cycled), then its tool
 * calls as tool-call chunks. `@langchain/core`'s `FakeStreamingChatModel` streams but answers every call the
 * same way, and `fakeModel()` scripts turns but does not stream: an agent needs both.
 */
export class StreamingScriptModel extends BaseChatModel {
  private call = 0;
  constructor(
    private readonly turns: StreamedTurn[],
    private readonly sizes: number[] = [7],
  ) {
    super({});
  }

  _llmType(): string {
    return "streaming-script";
  }

  override bindTools(): this {
    return this;
  }

  private next(): StreamedTurn {
    const turn = this.turns[this.call++];
    if (!turn) throw new Error(`StreamingScriptModel: no turn ${this.call}`);
    return turn;
  }

  async _generate(): Promise<ChatResult> {
    const turn = this.next();
    const message = new AIMessage({
      content: turn.text ?? "",
      id: turn.id,
      tool_calls: (turn.toolCalls ?? []).map((c) => ({ ...c, type: "tool_call" as const })),
    });
    return { generations: [{ text: message.text, message }] };
  }

  override async *_streamResponseChunks(
    _messages: BaseMessage[],
    _options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const turn = this.next();
    const text = turn.text ?? "";
    for (let at = 0, i = 0; at < text.length; i++) {
      const piece = text.slice(at, at + this.sizes[i % this.sizes.length]!);
      at += piece.length;
      const chunk = new ChatGenerationChunk({ text: piece, message: new AIMessageChunk({ content: piece, id: turn.id }) });
      yield chunk;
      await runManager?.handleLLMNewToken(piece, undefined, undefined, undefined, undefined, { chunk });
    }
    for (const [index, c] of (turn.toolCalls ?? []).entries()) {
      const message = new AIMessageChunk({
        content: "",
        id: turn.id,
        tool_call_chunks: [{ name: c.name, args: JSON.stringify(c.args), id: c.id, index, type: "tool_call_chunk" }],
      });
      const chunk = new ChatGenerationChunk({ text: "", message });
      yield chunk;
      await runManager?.handleLLMNewToken("", undefined, undefined, undefined, undefined, { chunk });
    }
    yield new ChatGenerationChunk({
      text: "",
      message: new AIMessageChunk({ content: "", id: turn.id, usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } }),
    });
  }
}

/** The scripted agent's turns, streaming: both tools in one turn (with a preamble), then `answer`. */
export function streamingModel(answer: string = ANSWER, sizes?: number[], preamble = "Let me look that up.") {
  return new StreamingScriptModel(
    [
      {
        text: preamble,
        id: "step-1",
        toolCalls: [
          { name: "invoice_lookup", args: { invoice_id: "INV-2024-0117" }, id: "call_lookup" },
          { name: "doc_search", args: { query: "refunds" }, id: "call_search" },
        ],
      },
      { text: answer, id: "answer-1" },
    ],
    sizes,
  );
}

/**
 * A chat model that answers without tools and streams one chunk each time the test allows it (the end of the
 * response counts as one), so a test can look at what reached the consumer while the model is between
 * chunks. It waits for the signal of its call like a provider's request does.
 */
export class PacedStreamingModel extends BaseChatModel {
  /** How often the model was asked for its next chunk (or its end). */
  pulls = 0;
  /** The response ran to its end. */
  ended = false;
  /** The signal of the last call. */
  signal: AbortSignal | undefined;
  private allowed = 0;
  private wake: (() => void) | undefined;

  constructor(
    private readonly chunks: Array<string | AIMessageChunk>,
    private readonly id = "answer-1",
  ) {
    super({});
  }

  _llmType(): string {
    return "paced-streaming";
  }

  override bindTools(): this {
    return this;
  }

  /** Lets the model produce `n` more chunks. */
  allow(n = 1): void {
    this.allowed += n;
    this.wake?.();
  }

  async _generate(): Promise<ChatResult> {
    const text = this.chunks.map((c) => (typeof c === "string" ? c : c.text)).join("");
    return { generations: [{ text, message: new AIMessage({ content: text, id: this.id }) }] };
  }

  override async *_streamResponseChunks(_messages: BaseMessage[], options: this["ParsedCallOptions"]): AsyncGenerator<ChatGenerationChunk> {
    const signal = options.signal;
    this.signal = signal;
    signal?.addEventListener("abort", () => this.wake?.(), { once: true });
    for (const part of [...this.chunks, undefined]) {
      this.pulls++;
      while (this.allowed === 0 && !signal?.aborted) await new Promise<void>((resolve) => (this.wake = resolve));
      signal?.throwIfAborted();
      this.allowed--;
      if (part === undefined) break;
      const message = typeof part === "string" ? new AIMessageChunk({ content: part, id: this.id }) : part;
      yield new ChatGenerationChunk({ text: message.text, message });
    }
    this.ended = true;
  }
}

/**
 * A tier that holds every batch of claims until the test lets it go, then passes them on to the next tier:
 * a test can see what happens while a unit is being verified.
 */
export function holdingTier() {
  const waiting: Array<() => void> = [];
  let holding = true;
  return {
    tier: 0,
    name: "holding",
    /** Batches of claims waiting. */
    get waiting(): number {
      return waiting.length;
    },
    /** Lets the waiting batches and every later one through. */
    release(): void {
      holding = false;
      for (const go of waiting.splice(0)) go();
    },
    async run(items: unknown[]) {
      if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
      return items.map(() => ({ pass: true as const, note: "held for a test" }));
    },
  };
}
