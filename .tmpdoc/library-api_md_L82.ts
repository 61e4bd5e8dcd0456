import { Firewall } from "hallucination-firewall";
declare const fw: Firewall;
declare const modelTextStream: AsyncIterable<string>; // the model's text deltas

const pv = fw.session("conversation-42").progressive({}, {
  onRelease: (text) => process.stdout.write(text),   // verified text, in order
  onBlock: (report) => console.error(report.reasons), // a block before the end: nothing more goes out
});
for await (const delta of modelTextStream) {
  pv.write(delta);                                    // cheap: verification runs while text streams in
  if (pv.blocked) break;
}
const { report, released, blocked } = await pv.end(); // verifies the last unit and stores the report

export {};
