/**
 * Claims of a draft that is a JSON object or array: one claim per leaf, `key.path: value`, spanning
 * `"key": value` in the draft, with the value's characters mapped so a correction replaces just the value.
 * Quiz objects ({"question": "True or False: X", "answer": "false"}) become one claim: X with its truth value.
 *
 * Paths follow the ledger's flattening of JSON evidence (`invoices[0].total`), so a claim and the evidence
 * line it is checked against name the value the same way.
 */
import type { ClaimKind } from "../schema.js";
import { classifyClaim } from "./claim-kind.js";
import { scanJson, type JsonMember, type JsonNode } from "./json-scan.js";
import type { ExtractedClaim } from "./types.js";

/** Text with its map to the draft (-1 for synthesised characters). */
export interface Mapped {
  text: string;
  map: number[];
}

const IDENT = /^[A-Za-z_$][\w$-]*$/;
const QUESTION_KEY = /^(?:question|q|prompt|statement|claim)$/i;
const ANSWER_KEY = /^(?:answer|a|correct|correct_?answer|correctAnswer|solution|truth|is_?true)$/i;
const TRUE_OR_FALSE = /^\s*(?:true\s+or\s+false|true\s*\/\s*false|t\s*\/\s*f)\s*[:?.\-–—]?\s*/i;
const AUXILIARY = /\b(?:can|is|are|was|were|does|do|did|will|has|have|had|should|must|would|could)\b/g;
const ALREADY_NEGATED = /\b(?:not|never|no)\b|n't\b/i;
const NOT_SIMPLE = /[,;]|\b(?:that|which|who|whom|whose|if|when|because|unless|although|and|or)\b/i;

function synthetic(text: string): Mapped {
  return { text, map: new Array<number>(text.length).fill(-1) };
}

function concat(...parts: Mapped[]): Mapped {
  return { text: parts.map((p) => p.text).join(""), map: parts.flatMap((p) => p.map) };
}

function slice(m: Mapped, start: number, end = m.text.length): Mapped {
  return { text: m.text.slice(start, end), map: m.map.slice(start, end) };
}

function pathJoin(path: string, key: string): string {
  if (!IDENT.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === "" ? key : `${path}.${key}`;
}

/** The value as the claim reads it: strings decoded, newlines as spaces; literals as written. */
function valueText(node: JsonNode): Mapped {
  if (node.type === "string") {
    const out: string[] = [];
    const map: number[] = [];
    for (let k = 0; k < node.value.length; k++) {
      const c = node.value[k]!;
      if (c === "\r" && node.value[k + 1] === "\n") continue;
      out.push(c === "\n" || c === "\r" ? " " : c);
      map.push(c === "\n" || c === "\r" ? -1 : node.map[k]!);
    }
    return { text: out.join(""), map };
  }
  if (node.type === "object" || node.type === "array") return synthetic(node.type === "array" ? "[]" : "{}");
  return { text: node.raw, map: Array.from(node.raw, (_, k) => node.start + k) };
}

function leafKind(node: JsonNode, value: string): ClaimKind {
  if (node.type === "null" || value.trim() === "") return "not_checkable";
  // A sentence-like string may be a question or pleasantry; a short value ("OOMKilled") is a fact.
  if (node.type === "string" && /\s/.test(value) && /[.!?]$/.test(value)) {
    const kind = classifyClaim(value);
    return kind === "opinion" && /\d/.test(value) ? "factual" : kind;
  }
  return "factual";
}

/**
 * Negates a quiz statement: a simple one (one auxiliary, no clause words, not already negated) gets "not"
 * after its auxiliary ("X can Y" -> "X cannot Y", "X is Y" -> "X is not Y"); anything else is prefixed with
 * "It is not the case that". Inserted characters map to -1.
 *
 * @param statement the statement with its map to the draft.
 * @returns the negated statement with its map.
 */
export function negateStatement(statement: Mapped): Mapped {
  const text = statement.text;
  const matches = [...text.matchAll(AUXILIARY)];
  const only = matches.length === 1 ? matches[0] : undefined;
  if (only && !ALREADY_NEGATED.test(text) && !NOT_SIMPLE.test(text)) {
    const at = only.index + only[0].length;
    return concat(slice(statement, 0, at), synthetic(only[0] === "can" ? "not" : " not"), slice(statement, at));
  }
  // Lower-case a leading function word ("the ..."), never a name ("Paris ...").
  const lowerFirst = /^(?:A|An|The|This|That|These|Those|It|Its|Some|All|Every|Each|Most|Many|Any)\b/.test(text);
  const head: Mapped = lowerFirst ? { text: text[0]!.toLowerCase(), map: [-1] } : slice(statement, 0, 0);
  return concat(synthetic("It is not the case that "), head, slice(statement, lowerFirst ? 1 : 0));
}

function truthValue(node: JsonNode): boolean | undefined {
  if (node.type === "boolean") return node.raw === "true";
  if (node.type === "string" && /^\s*(?:true|false)\s*$/i.test(node.value)) return /true/i.test(node.value);
  return undefined;
}

/** The claim of a quiz object, or undefined when the object is not one. */
function quizClaim(node: Extract<JsonNode, { type: "object" }>): { claim: ExtractedClaim; used: Set<JsonMember> } | undefined {
  const question = node.members.find((m) => QUESTION_KEY.test(m.key) && m.value.type === "string" && TRUE_OR_FALSE.test(m.value.value));
  const answer = node.members.find((m) => ANSWER_KEY.test(m.key) && truthValue(m.value) !== undefined);
  if (!question || !answer || question.value.type !== "string") return undefined;
  const q = question.value;
  const lead = TRUE_OR_FALSE.exec(q.value)![0].length;
  let statement: Mapped = slice({ text: q.value, map: q.map }, lead);
  let end = statement.text.length;
  while (end > 0 && /[\s.]/.test(statement.text[end - 1]!)) end--;
  statement = slice(statement, 0, end);
  const mapped = truthValue(answer.value) ? statement : negateStatement(statement);
  const alone = node.members.length === 2;
  const span: [number, number] = alone
    ? [node.start, node.end]
    : [Math.min(question.keyStart, answer.keyStart), Math.max(question.value.end, answer.value.end)];
  return {
    claim: { text: mapped.text, kind: "factual", span, citations: [], map: mapped.map },
    used: new Set([question, answer]),
  };
}

/** Keys whose value says which entity an object is about (`"invoice": "INV-2041"`, `"name": "dotenv"`). */
const IDENTITY_KEY = /^(?:id|name|title|invoice|invoice_?id|invoiceId|order|order_?id|orderId|sku|package|pkg|slug|ref|reference)$/i;

/** The identity value of an object (its first identity member with a short scalar value), if any. */
function identityOf(node: Extract<JsonNode, { type: "object" }>): JsonMember | undefined {
  return node.members.find(
    (m) =>
      IDENTITY_KEY.test(m.key) &&
      (m.value.type === "string" || m.value.type === "number") &&
      valueText(m.value).text.trim().length > 0 &&
      valueText(m.value).text.length <= 60,
  );
}

function leafClaim(path: string, node: JsonNode, span: [number, number], keyMember?: JsonMember, subject?: JsonMember): ExtractedClaim {
  const claim = leafClaimOf(path, node, span, keyMember);
  if (!subject || subject === keyMember) return claim;
  // A field of an object about an entity is a claim about that entity: "customer: Nordhavn Freight ApS" of
  // the object whose invoice is INV-2041 reads "INV-2041 customer: ...", so tier 0 checks it in that record.
  const mapped = concat(synthetic(`${valueText(subject.value).text} `), { text: claim.text, map: claim.map });
  return { ...claim, text: mapped.text, map: mapped.map };
}

function leafClaimOf(path: string, node: JsonNode, span: [number, number], keyMember?: JsonMember): ExtractedClaim {
  let pathText = synthetic(path || "(root)");
  // Map the last path segment to the key as written, so the key too can be highlighted.
  if (keyMember && IDENT.test(keyMember.key) && path.endsWith(keyMember.key)) {
    const head = path.length - keyMember.key.length;
    pathText = concat(synthetic(path.slice(0, head)), { text: keyMember.key, map: keyMember.keyMap });
  }
  const value = valueText(node);
  const mapped = concat(pathText, synthetic(": "), value);
  return { text: mapped.text, kind: leafKind(node, value.text), span, citations: [], map: mapped.map };
}

/**
 * Extracts claims from a draft that is, once trimmed, a JSON object or array.
 *
 * @param draft the whole draft.
 * @returns one claim per leaf (and per empty object or array, `orders: []`) in draft order, quiz objects as
 *   one claim each; `null` when the draft is not a JSON object or array, so the caller reads it as prose.
 */
export function extractJsonClaims(draft: string): ExtractedClaim[] | null {
  const trimmed = draft.trim();
  if (!(trimmed.startsWith("{") && trimmed.endsWith("}")) && !(trimmed.startsWith("[") && trimmed.endsWith("]"))) return null;
  const root = scanJson(draft);
  if (!root || (root.type !== "object" && root.type !== "array")) return null;
  const claims: ExtractedClaim[] = [];
  const visit = (path: string, node: JsonNode, span: [number, number], member?: JsonMember, subject?: JsonMember): void => {
    if (node.type === "object") {
      const quiz = quizClaim(node);
      if (quiz) claims.push(quiz.claim);
      if (node.members.length === 0) claims.push(leafClaim(path, node, span, member, subject));
      const own = identityOf(node) ?? subject;
      for (const m of node.members) {
        if (quiz?.used.has(m)) continue;
        visit(pathJoin(path, m.key), m.value, [m.keyStart, m.value.end], m, own);
      }
    } else if (node.type === "array") {
      if (node.items.length === 0) claims.push(leafClaim(path, node, span, member, subject));
      node.items.forEach((item, k) => visit(`${path}[${k}]`, item, [item.start, item.end], undefined, subject));
    } else {
      claims.push(leafClaim(path, node, span, member, subject));
    }
  };
  visit("", root, [root.start, root.end]);
  // A JSON answer is one unit: it is read whole, never sentence by sentence.
  for (const c of claims) c.unit = [0, draft.length];
  return claims;
}
