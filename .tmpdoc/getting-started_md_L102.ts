import { Firewall } from "hallucination-firewall";

const fw = new Firewall();
fw.record({ source: "npm_view", content: { name: "cors", versionCount: 35, author: "Troy Goode" } });
const report = await fw.verify("The registry lists 40 published versions of cors.");
console.log(report.decision, report.output); // rewrite "The registry lists 35 published versions of cors [1]. ..."

export {};
