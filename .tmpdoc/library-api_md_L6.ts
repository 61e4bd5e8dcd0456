import { Firewall, HallucinationBlocked } from "hallucination-firewall";

const fw = new Firewall({ strictness: "balanced" }); // lenient | balanced | strict

// 1. Record every tool result (string, bytes, or any JSON value). Idempotent per callId. `args` (optional) are
//    the call's arguments: an empty result is read with them ("nothing escalated" for `{status: "escalated"}`).
//    Returns the evidence record, { id: "e1", source, callId, format, text, hash, bytes, chunkCount }: quotes
//    and corrections name it as `evidenceId`, to map them back to your tool call.
const rec = fw.record({ source: "npm_view", content: { name: "cors", versionCount: 35 }, callId: "call_1" });
// ...or wrap your tool function so each return value is recorded (thrown errors are not evidence):
const npmView = fw.watch(async (name: string) => ({ name, versionCount: 35 }), { source: "npm_view" });
await npmView("cors");

// 2. Verify a draft: claims, one verdict each, grounding score, decision, and the text that may ship.
const report = await fw.verify("The registry lists 40 published versions of cors.");
report.claims[0].text;                   // the claim; report.verdicts[i] is the verdict on report.claims[i]
report.verdicts[0].verdict;             // "contradicted"
report.verdicts[0].corrections[0].value; // "35", with its span in the draft and its evidence quote
report.output;                           // "The registry lists 35 published versions of cors [1]. ..."

// 3. Or gate: returns the text that may ship, throws HallucinationBlocked (with .report) on block.
//    (balanced rewrites this draft: the invented claim is hedged; strict, or policy action "block", blocks it.)
const draft = "cors has 35 published versions. cors was rewritten in Rust last year.";
try {
  const text = await fw.guard(draft, { strictness: "strict" });
} catch (e) {
  if (HallucinationBlocked.isInstance(e)) console.log(e.report.reasons);
}

const { text, report: r } = await fw.rewriteGrounded(draft, { unsupported: "hedge" }); // or "remove"; never blocks
fw.explain("r1.c1");   // { claim, verdict, text }: the verdict, deciding tier, quote and correction, with a readable text
fw.sessionReport();    // totals over every answer of the session: { responses, claims, groundingScore, decisions, reports }
fw.reset();            // forget the default session's evidence and reports (fw.reset("id") for another)
await fw.warmup();     // load the sentence model and word tables now (once per process, ~0.3-1 s), not on the first answer

// One process, many conversations: each session has its own isolated ledger.
const chat = fw.session("conversation-42");
chat.record({ source: "sql_query", content: [{ order: "A-1001", total: 129.5 }] });
await chat.verify("Order A-1001 totals 129.50 EUR.");
chat.report();         // the session's totals (what fw.sessionReport("conversation-42") returns)

export {};
