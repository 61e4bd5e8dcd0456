/**
 * Market pair symbols: an exchange writes the pair "ETH/USDT" as one token (`symbol: ETHUSDT`,
 * `?symbol=EURUSD`). A draft names each side on its own ("0.39 ETH at the top ask", "ETH/USDT right now");
 * each side is the evidence's own term, found in the joined symbol, not an entity the tools never named.
 */
import type { EvidenceLedger } from "../ledger/evidence-ledger.js";
import { CURRENCY_CODES } from "../quantity/units.js";

/** Quote assets of crypto markets, beside the ISO 4217 codes. */
const CRYPTO_QUOTES = new Set(["USDT", "USDC", "BUSD", "FDUSD", "TUSD", "DAI", "BTC", "ETH", "BNB", "SOL"]);

const isQuote = (code: string) => CURRENCY_CODES.has(code) || CRYPTO_QUOTES.has(code);

/** A code a pair symbol is made of: 2 to 6 capitals. */
const CODE = /^[A-Z]{2,6}$/;

/** The all-capital tokens of 5 to 12 letters in the ledger's records and tool calls, cached until a record is added. */
function capitalTokens(ledger: EvidenceLedger): Set<string> {
  return ledger.memo("pair-symbol-tokens", `records:${ledger.records.length}`, () => {
    const out = new Set<string>();
    for (const r of ledger.records)
      for (const text of [r.text, r.source]) for (const m of text.matchAll(/(?<![A-Za-z0-9])[A-Z]{5,12}(?![A-Za-z0-9])/g)) out.add(m[0]);
    return out;
  });
}

/**
 * Whether a name is one side of a pair symbol of the evidence: `ETHUSDT` holds "ETH" and "USDT", `EURUSD`
 * holds "EUR" and "USD". The other side must be a quote currency (an ISO 4217 code or a crypto quote asset),
 * so a word in capitals (`ETHERNET`) holds no "ETH".
 */
export function inPairSymbol(name: string, ledger: EvidenceLedger): boolean {
  if (!CODE.test(name)) return false;
  for (const token of capitalTokens(ledger)) {
    if (token.length <= name.length) continue;
    if (token.startsWith(name) && isQuote(token.slice(name.length))) return true;
    const base = token.slice(0, token.length - name.length);
    if (token.endsWith(name) && isQuote(name) && CODE.test(base)) return true;
  }
  return false;
}
