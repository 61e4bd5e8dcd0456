import { Firewall } from "hallucination-firewall";

const fw = new Firewall(); // the balanced policy: correct wrong figures, hedge what no tool said
fw.record({ source: "get_invoice", content: { id: "INV-7", total: 980, currency: "EUR" } });

const report = await fw.verify("Invoice INV-7 totals EUR 890.");
console.log(report.verdicts[0].verdict); // contradicted
console.log(report.output); // Invoice INV-7 totals EUR 980 [1]. (and the source list)

export {};
