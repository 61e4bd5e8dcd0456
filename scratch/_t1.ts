import { createRuleExtractor } from "../src/claims/index.js";
const ex = createRuleExtractor();
const drafts = [
 "I looked this up for you.\n\n- The current release of `dotenv` landed on 2026-11-09\n- `dotenv` requires Node.js `>=12`\n- `dotenv` 18.0.10 followed 18.0.9 after 18 days\n- `dotenv` describes itself as “Loads environment variables from .env file” [1]\n\nWant me to check the changelog as well?",
 "The stock closed at 1,410.00 CNY, is up 17.93% year to date, and traded 1,250 lots.",
 "{\"pod\": \"ledger-api-7d9f\", \"namespace\": \"payments-prod\", \"restarts\": 14}",
];
for (const d of drafts) for (const c of await ex.extract(d)) console.log(c.kind, JSON.stringify(c.text), c.span, JSON.stringify(d.slice(...c.span)));
