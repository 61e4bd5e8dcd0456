import { describe, expect, it } from "vitest";
import { extractClaimsSync } from "../../src/claims/index.js";
import { expectWellFormed, view } from "./helpers.js";

/** `[span in the draft, claim text]`; the text defaults to the span. */
type Piece = string | [string, string];

const pieces = (draft: string): Array<[string, string]> => {
  const claims = extractClaimsSync(draft);
  expectWellFormed(draft, claims);
  return view(draft, claims).map((c) => [c.span, c.text]);
};
const expand = (expected: Piece[]): Array<[string, string]> => expected.map((p) => (typeof p === "string" ? [p, p] : p));

describe("one claim per figure in a list-like clause", () => {
  it.each<[string, Piece[]]>([
    [
      "The team has 14 engineers, 3 designers, and 2 product managers.",
      ["The team has 14 engineers", ["3 designers", "The team has 3 designers"], ["2 product managers.", "The team has 2 product managers."]],
    ],
    [
      "Our store sold 420 mugs, 96 posters and 12 lamps last week.",
      ["Our store sold 420 mugs", ["96 posters", "Our store sold 96 posters"], ["12 lamps last week.", "Our store sold 12 lamps last week."]],
    ],
    [
      "The library has 1,200 stars on GitHub, 85 open issues, and 40 contributors.",
      ["The library has 1,200 stars on GitHub", ["85 open issues", "The library has 85 open issues"], ["40 contributors.", "The library has 40 contributors."]],
    ],
    [
      "The warehouse holds 540 pallets, 320 of them in the north hall and 220 in the south hall.",
      [
        "The warehouse holds 540 pallets",
        ["320 of them in the north hall", "The warehouse holds 320 of them in the north hall"],
        ["220 in the south hall.", "The warehouse holds 220 in the south hall."],
      ],
    ],
    // A gapped clause has its own subject: only the verb is left out, and the head's subject is not its own.
    ["RDS came to $1,655.30 and S3 to $612.05.", ["RDS came to $1,655.30", "S3 to $612.05."]],
    // Gapping after a verb with no preposition: the item's noun is its subject, never an object of the head.
    ["On November 14 the high will be 52 °F and the low 37 °F.", ["On November 14 the high will be 52 °F", "the low 37 °F."]],
    ["Revenue was $5M and costs $3M.", ["Revenue was $5M", "costs $3M."]],
    [
      "The pool holds 50,000 liters, 30% of it in the deep end.",
      ["The pool holds 50,000 liters", ["30% of it in the deep end.", "The pool holds 30% of it in the deep end."]],
    ],
    // A plural that wink tags as a verb, counted by a number ("5 retries"), is the noun counted.
    [
      "The worker starts with 5 retries and a pool of 20 connections.",
      ["The worker starts with 5 retries", ["a pool of 20 connections.", "a pool of 20 connections."]],
    ],
    [
      "The service started with a 30-second timeout, 4 restarts and a queue of 12 jobs.",
      ["The service started with a 30-second timeout", "4 restarts", "a queue of 12 jobs."],
    ],
    // A phrase with a figure of its own after an item with one is another fact of the subject.
    [
      "The S 7 to Ahrensfelde leaves on time at 08:16 from platform 4.",
      ["The S 7 to Ahrensfelde leaves on time at 08:16", ["from platform 4.", "The S 7 to Ahrensfelde leaves from platform 4."]],
    ],
    ["It is rated 8.4 from about 92k votes.", ["It is rated 8.4", ["from about 92k votes.", "It is rated from about 92k votes."]]],
    [
      "The ward went on diversion three times for a total of 5.5 hours.",
      ["The ward went on diversion three times", ["for a total of 5.5 hours.", "The ward went for a total of 5.5 hours."]],
    ],
    // Not a range, nor the base of a change.
    ["Revenue grew from $56 to $80 in 2024.", ["Revenue grew from $56 to $80 in 2024."]],
    ["Visits were down 6% from 1,366 the week before.", ["Visits were down 6% from 1,366 the week before."]],
    [
      "Arsenal had 70% of the ball and 19 shots to Leeds's 10.",
      ["Arsenal had 70% of the ball", ["19 shots to Leeds's 10.", "Arsenal had 19 shots to Leeds's 10."]],
    ],
  ])("should split the list of figures after the verb in %j, each item reading with the subject and verb", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    [
      "The server handled 9,400 requests — about 2.6 per second — at a 0.4% error rate.",
      ["The server handled 9,400 requests", "about 2.6 per second", "at a 0.4% error rate."],
    ],
    ["The run took 41 minutes — just over the 40-minute budget.", ["The run took 41 minutes", "just over the 40-minute budget."]],
    [
      "It is snowing in Oslo — about 4 cm in the past hour — at -3 °C.",
      ["It is snowing in Oslo", "about 4 cm in the past hour", ["at -3 °C.", "It is snowing at -3 °C."]],
    ],
    [
      "The club won 3–0 at home on 2 May — Okafor with two goals — and drew on Sunday.",
      ["The club won 3–0 at home on 2 May", "Okafor with two goals", ["drew on Sunday.", "The club drew on Sunday."]],
    ],
  ])("should cut a dash aside that carries a figure or a name, and the clause going on after it, in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    [
      "The cheapest of the four is 3121 5th Street in Gotham at $280,000 — 2 bed, 1 bath, built in 1984.",
      [
        "The cheapest of the four is 3121 5th Street in Gotham at $280,000",
        ["2 bed", "3121 5th Street: 2 bed"],
        ["1 bath", "3121 5th Street: 1 bath"],
        ["built in 1984.", "3121 5th Street: built in 1984."],
      ],
    ],
    [
      "Lechon ($$) has 2,990 reviews — 4.5 stars, about 280 m away.",
      ["Lechon ($$) has 2,990 reviews", ["4.5 stars", "Lechon: 4.5 stars"], ["about 280 m away.", "Lechon: about 280 m away."]],
    ],
    [
      "Unit 3B at 418 Alder St is available — 880 sq ft, $2,150/month.",
      ["Unit 3B at 418 Alder St is available", ["880 sq ft", "Unit 3B: 880 sq ft"], ["$2,150/month.", "Unit 3B: $2,150/month."]],
    ],
    // No name to carry: a common noun that opens the sentence ("Revenue") or a pronoun.
    [
      "Revenue rose 12% to $4.2M — 3 points above plan, the best quarter since 2019.",
      ["Revenue rose 12% to $4.2M", "3 points above plan", "the best quarter since 2019."],
    ],
    // "Here's" is one token that holds the verb; "a SparkFun purchase of" opens a noun phrase, not a clause.
    [
      "Here's your March activity: two Uber rides totalling $11.73, a SparkFun purchase of $98.40 on 21 March, and a $25 payment on 25 March.",
      ["Here's your March activity", "two Uber rides totalling $11.73", "a SparkFun purchase of $98.40 on 21 March", "a $25 payment on 25 March."],
    ],
  ])("should name the entity a trailing dash aside describes in each of its items, in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    [
      "Your weakest result was Physics I, where you scored 69.2 and got a D.",
      ["Your weakest result was Physics I", ["where you scored 69.2", "Physics I: you scored 69.2"], ["got a D.", "Physics I: you got a D."]],
    ],
    ["We stayed in Lisbon, where it rained for 3 days.", ["We stayed in Lisbon", ["where it rained for 3 days.", "Lisbon: it rained for 3 days."]]],
    // Not after a common noun, nor "where possible".
    ["It is a good idea, where possible, to wait 5 days.", ["It is a good idea, where possible, to wait 5 days."]],
  ])("should read a 'where' clause after a name as a fact of that name, in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    [
      "The cluster was the weak spot: 14 restarts on Monday, then 2 on Tuesday — an 86% drop.",
      ["The cluster was the weak spot", "14 restarts on Monday", ["then 2 on Tuesday", "The cluster: then 2 on Tuesday"], "an 86% drop."],
    ],
    [
      "The bill is $84.10, due 9 June: 310 kWh of power and 18 therms of gas.",
      ["The bill is $84.10", ["due 9 June", "The bill is due 9 June"], "310 kWh of power", "18 therms of gas."],
    ],
    [
      "Sales reached $9.1M, up about 14% — mostly from new accounts.",
      ["Sales reached $9.1M", ["up about 14% — mostly from new accounts.", "Sales: up about 14% — mostly from new accounts."]],
    ],
    [
      "The rent is $1,900 a month, with a deposit of $3,800 and a pet fee of $40.",
      ["The rent is $1,900 a month", ["with a deposit of $3,800", "The rent: with a deposit of $3,800"], "a pet fee of $40."],
    ],
    ["The order came to $120, including $15 of shipping.", ["The order came to $120", "including $15 of shipping."]],
    // A head before a spaced dash, the first verb inside an item, and a count in words as an item's figure.
    [
      "Ana Ruiz – two Harbor Blue mugs, $38.40 including $6.95 shipping.",
      ["Ana Ruiz – two Harbor Blue mugs", ["$38.40 including $6.95 shipping.", "Ana Ruiz: $38.40 including $6.95 shipping."]],
    ],
    // Not a head of several entities.
    ["Ana Ruiz and Ben Ode – two mugs, $38.40 including $6.95 shipping.", ["Ana Ruiz and Ben Ode – two mugs, $38.40 including $6.95 shipping."]],
  ])("should cut the list after a colon, a predicate phrase and ', with' or ', including' phrases with their own figure in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    // A trailing verbless phrase with a figure of its own is a fact of the clause's subject, read with it as a label.
    ["Kenji Mori has PLAT-412 in progress, due Nov 15.", ["Kenji Mori has PLAT-412 in progress", ["due Nov 15.", "Kenji Mori: due Nov 15."]]],
    [
      "The urgent one is INC-88 — Ada has it open, due 3 May.",
      ["The urgent one is INC-88", ["Ada has it open", "INC-88: Ada has it open"], ["due 3 May.", "INC-88: due 3 May."]],
    ],
    [
      "Acme – fleet renewal: $62.4k in Negotiation, with a weighted forecast of about $38.4k.",
      [
        "Acme – fleet renewal: $62.4k in Negotiation",
        ["with a weighted forecast of about $38.4k.", "Acme – fleet renewal: with a weighted forecast of about $38.4k."],
      ],
    ],
    [
      "Zone 4 (Plum rows) is the wettest at 31% moisture, above its 28% ceiling.",
      ["Zone 4 (Plum rows) is the wettest at 31% moisture", ["above its 28% ceiling.", "Zone 4 (Plum rows): above its 28% ceiling."]],
    ],
    // A field and its value after a comma; a verb inside parentheses is the aside's, not the subject's end.
    [
      "#48219 (Invoice PDF missing VAT number) is pending, priority high.",
      ["#48219 (Invoice PDF missing VAT number) is pending", ["priority high.", "#48219 (Invoice PDF missing VAT number): priority high."]],
    ],
    ["Ticket INC-7 is open, severity critical.", ["Ticket INC-7 is open", ["severity critical.", "Ticket INC-7: severity critical."]]],
    // Without a name or figure to bind it, the pair stays with its clause.
    ["The ticket is open, severity critical.", ["The ticket is open, severity critical."]],
    // "with a <noun> of <figure>" that ends a clause with a figure or date of its own.
    [
      "Bao Down was suspended on 10 August after failing inspection with a score of 86.",
      ["Bao Down was suspended on 10 August after failing inspection", ["with a score of 86.", "Bao Down: with a score of 86."]],
    ],
    ["The team shipped the release with a total of 40 fixes.", ["The team shipped the release with a total of 40 fixes."]],
    // A closing ", which ..." with a figure of its own after a clause with one: its own words.
    [
      "The next tranche of 750 vests on 1 September 2024, which will bring her to 6,000.",
      ["The next tranche of 750 vests on 1 September 2024", "which will bring her to 6,000."],
    ],
    ["The lot of 40 shipped, which was expected.", ["The lot of 40 shipped, which was expected."]],
    // A verbless "head: item, item" list may hold a field and its value beside items with figures.
    [
      "Quick summary: ETA May 3, priority low, setpoint 4 °C, invoice due May 15.",
      [
        "Quick summary: ETA May 3",
        ["priority low", "Quick summary: priority low"],
        ["setpoint 4 °C", "Quick summary: setpoint 4 °C"],
        ["invoice due May 15.", "Quick summary: invoice due May 15."],
      ],
    ],
    // A comparison with a reference the record may name, after a clause with a figure.
    [
      "Soybeans on F-15 yielded 54.5 bu/acre, slightly under the county figure.",
      ["Soybeans on F-15 yielded 54.5 bu/acre", ["slightly under the county figure.", "Soybeans on F-15: slightly under the county figure."]],
    ],
    ["Sales hit $9M, with strong demand.", ["Sales hit $9M, with strong demand."]],
    // A comparison or superlative with no figure before the comma is measured by the phrase: one claim.
    ["Latency was lowest on the Oslo server, at 11 ms.", ["Latency was lowest on the Oslo server, at 11 ms."]],
    ["Storage grew fastest, up about 31%.", ["Storage grew fastest, up about 31%."]],
    // A period after a preposition qualifies the figure before it; a comparison with another figure keeps its own words.
    ["Revenue was $4.2M, in Q3 2024.", ["Revenue was $4.2M, in Q3 2024."]],
    ["The grant is $2.8M, up 19.6% from $2.35M.", ["The grant is $2.8M", "up 19.6% from $2.35M."]],
    // No label from a pronoun, a place after a name, nor a year that continues a date.
    [
      "Last night you slept 7.5 hours, roughly 1 hour more than usual.",
      ["Last night you slept 7.5 hours", ["roughly 1 hour more than usual.", "Last night you slept roughly 1 hour more than usual."]],
    ],
    ["Last night you were in bed from 23:10 to 06:40, roughly 7.5 hours.", ["Last night you were in bed from 23:10 to 06:40", "roughly 7.5 hours."]],
    ["The office is in Austin, TX 78701.", ["The office is in Austin, TX 78701."]],
    ["The release shipped on March 3, 2024.", ["The release shipped on March 3, 2024."]],
  ])("should cut a trailing verbless phrase with a figure of its own, read with the clause's subject, in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    // A trailing "a/an <noun> of <figure>" restates a figure: its own claim, with or without a verb before it.
    [
      "Temperatures range from 12.8 °C to 17.2 °C, a spread of about 6.4 degrees.",
      ["Temperatures range from 12.8 °C to 17.2 °C", "a spread of about 6.4 degrees."],
    ],
    ["Revenue was $12, a rise of 20%.", ["Revenue was $12", "a rise of 20%."]],
    // Not inside parentheses, and not without a figure of its own.
    ["The plan costs $12 (a rise of 20%), a bargain.", ["The plan costs $12 (a rise of 20%), a bargain."]],
    ["Revenue was $12, a record for the team.", ["Revenue was $12, a record for the team."]],
    // An aside that lists the subject's attributes with a figure is a fact of its own; one with a verb is not.
    [
      "The Field Guide by Ana Ruiz (Harbor Press, 212 pages) was published in 2019.",
      [
        ["The Field Guide by Ana Ruiz", "The Field Guide by Ana Ruiz was published in 2019."],
        ["Harbor Press", "The Field Guide by Ana Ruiz: Harbor Press"],
        ["212 pages", "The Field Guide by Ana Ruiz: 212 pages"],
      ],
    ],
    // An order's number with its customer and amount: the amount is the aside's figure, the number its subject.
    [
      "#5120 (Ana Ruiz, €84.00) has shipped.",
      [
        ["#5120", "#5120 has shipped."],
        ["Ana Ruiz", "#5120: Ana Ruiz"],
        ["€84.00", "#5120: €84.00"],
      ],
    ],
    // Each attribute of the aside is its own fact; a date's comma parts no attributes.
    [
      "Invoice #1060 for Alder Dental ($640, Net 15, due July 30) still has to be sent.",
      [
        ["Invoice #1060 for Alder Dental", "Invoice #1060 for Alder Dental still has to be sent."],
        ["$640", "Invoice #1060 for Alder Dental: $640"],
        ["Net 15", "Invoice #1060 for Alder Dental: Net 15"],
        ["due July 30", "Invoice #1060 for Alder Dental: due July 30"],
      ],
    ],
    [
      "The Harbor Fair (3 May, 2024) was held in Oslo.",
      [
        ["The Harbor Fair", "The Harbor Fair was held in Oslo."],
        ["3 May, 2024", "The Harbor Fair: 3 May, 2024"],
      ],
    ],
    // A verbless "head: item, item" gives one claim per item, each read with its head; bare figures stay whole.
    [
      "Invoice #1060: $640, Net 15, due July 30.",
      ["Invoice #1060: $640", ["Net 15", "Invoice #1060: Net 15"], ["due July 30.", "Invoice #1060: due July 30."]],
    ],
    ["Ports: 80, 443 and 8080.", ["Ports: 80, 443 and 8080."]],
    // An aside between commas after the subject is a fact of its own, and context of the main claim.
    [
      "The new 5.12.0 release, out since Oct 12, is rated 3.8 stars.",
      [
        ["out since Oct 12", "The new 5.12.0 release: out since Oct 12"],
        ["is rated 3.8 stars.", "The new 5.12.0 release, out since Oct 12, is rated 3.8 stars."],
      ],
    ],
    // A relative clause of "be" or "have" on the subject is its fact, read with the subject for the pronoun.
    [
      "PRN-3C, which is asleep, is low on magenta at 9%.",
      [
        ["which is asleep", "PRN-3C is asleep"],
        ["is low on magenta at 9%.", "PRN-3C, which is asleep, is low on magenta at 9%."],
      ],
    ],
    // Not a list of subjects, nor a relative clause of another verb.
    ["Apples, pears, and plums are $3 a kilo.", ["Apples, pears, and plums are $3 a kilo."]],
    ["Our order, which shipped on May 2, arrived late.", ["Our order, which shipped on May 2, arrived late."]],
    // An amount in parentheses after an item's noun phrase is that item's price, read with the item alone.
    [
      "Order #A-77 was the Harvest Crate ($45) plus a cedar candle add-on ($12).",
      [
        ["Order #A-77 was the Harvest Crate", "Order #A-77 was the Harvest Crate plus a cedar candle add-on."],
        ["$45", "Harvest Crate: $45"],
        ["$12", "cedar candle add-on: $12"],
      ],
    ],
    // Not a label and its number, nor a code that only looks like a currency's.
    ["The top process is the Java worker (PID 1093).", ["The top process is the Java worker (PID 1093)."]],
    ["It recovered to 12.4 µg/m³ (AQI 52).", ["It recovered to 12.4 µg/m³ (AQI 52)."]],
    ["Weather: 12 °C, light rain.", ["Weather: 12 °C, light rain."]],
    ["Acme (founded 1999) has 300 staff.", ["Acme (founded 1999) has 300 staff."]],
    // A trailing parenthetical that labels a figure of its own is another attribute of the subject.
    [
      "Riverbend was awarded $60,000 of the $75,000 requested (avg review score 4.6).",
      [
        ["Riverbend was awarded $60,000 of the $75,000 requested", "Riverbend was awarded $60,000 of the $75,000 requested."],
        ["avg review score 4.6", "Riverbend: avg review score 4.6"],
      ],
    ],
    // Not one with a verb, nor one in a clause without figures of its own.
    ["Riverbend was awarded $60,000 (reviewed by 3 panelists).", ["Riverbend was awarded $60,000 (reviewed by 3 panelists)."]],
    // A clause after a colon has its own subject; figures after a colon are a list.
    [
      "Two options nearby, both rated 4.5 stars: Lechon ($$) is 280 m away and has 1,331 reviews.",
      ["Two options nearby, both rated 4.5 stars", "Lechon ($$) is 280 m away", ["has 1,331 reviews.", "Lechon ($$) has 1,331 reviews."]],
    ],
  ])("should cut a trailing appositive with a figure, and a clause after a colon, in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    // A partitive of what the clause counted, as the clause's last item, is a fact in its own words.
    ["Six stockouts were logged across the route, three of them at Fairlane.", ["Six stockouts were logged across the route", "three of them at Fairlane."]],
    ["We shipped 40 orders, 12 of which were late.", ["We shipped 40 orders", "12 of which were late."]],
    // A count after a prepositional list's first item is the named subject's: it reads with the name as a label.
    ["Okafor led the Owls with 18 points and 7 rebounds.", ["Okafor led the Owls with 18 points", ["7 rebounds.", "Okafor: 7 rebounds."]]],
    // Not after a subject that is no name, nor a partitive after a name.
    ["The team finished with 18 wins and 7 losses.", ["The team finished with 18 wins", "7 losses."]],
    ["Norda logged 6 stockouts across the route, three of them at Fairlane.", ["Norda logged 6 stockouts across the route", "three of them at Fairlane."]],
  ])("should give a closing partitive its own claim in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    // A closing relative clause with a figure of its own is a fact of its own. It reads after the entity the
    // clause names, after a clause that pins its record by a date alone, and otherwise in its own words.
    ["There are 420 seats, of which 96 are still free.", ["There are 420 seats", "of which 96 are still free."]],
    ["Benu is the splurge at $300, which buys 9 courses.", ["Benu is the splurge at $300", ["which buys 9 courses.", "Benu buys 9 courses."]]],
    ["The leak reported May 4, which had 12 upvotes", ["The leak reported May 4", ["which had 12 upvotes", "The leak reported May 4: which had 12 upvotes"]]],
    // A relative clause that goes on past a comma, or one without a figure, is left to the clause splitter.
    ["The pump, which draws 40 W, runs at night.", ["The pump, which draws 40 W, runs at night."]],
  ])("should give a closing relative clause with a figure its own claim in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    // What an entity has, listed as the object of a verb of having: one claim per item, each with the subject
    // and verb (a tool states each amenity as a field of its own).
    [
      "The cabin has a sauna, a wood stove, and a hot tub.",
      ["The cabin has a sauna", ["a wood stove", "The cabin has a wood stove"], ["a hot tub.", "The cabin has a hot tub."]],
    ],
    [
      "The berth has water, both 30 and 50 amp power, and a pump-out.",
      ["The berth has water", ["both 30 and 50 amp power", "The berth has both 30 and 50 amp power"], ["a pump-out.", "The berth has a pump-out."]],
    ],
    [
      "The room includes breakfast, parking and a late checkout.",
      ["The room includes breakfast", ["parking", "The room includes parking"], ["a late checkout.", "The room includes a late checkout."]],
    ],
    // A predicate noun phrase that ends in "with" and a figure: the figure reads with the subject and "has".
    ["#ops-room is a private channel with 42 members.", ["#ops-room is a private channel", ["42 members.", "#ops-room has 42 members."]]],
    ["The Lodge is a cabin with about 3 bedrooms.", ["The Lodge is a cabin", ["about 3 bedrooms.", "The Lodge has about 3 bedrooms."]]],
  ])("should give each item of what an entity has its own claim in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each([
    // Two items, places with their states, and items that hold a verb stay whole.
    "The room has a desk and a lamp.",
    "The firm has offices in Austin, TX, Denver, CO and Boise, ID.",
    "The kit has a pump that inflates the tent, a mallet, and a bag.",
    // A figure before "with", or a verb after it, keeps the predicate whole.
    "The hotel is a 4-star property with 120 rooms.",
    "Ana is the lead with 3 reports who joined in May.",
    "There is another flight with 2 stops.",
  ])("should keep the object of a verb of having whole in %j", (draft) => {
    expect(pieces(draft)).toEqual([[draft, draft]]);
  });

  it.each<[string, Piece[]]>([
    // After a dash aside, "and" goes on with the verb's list: the item reads with the clause's subject and verb.
    [
      "The campaign had a 42.9% open rate — about double the 21.6% average — and a 7.1% click rate.",
      ["The campaign had a 42.9% open rate", "about double the 21.6% average", ["a 7.1% click rate.", "The campaign had a 7.1% click rate."]],
    ],
    // ", plus" is one separator; a count in words opens an item as a figure in digits does.
    ["Rent is $1,200 a month, plus $80 for parking.", ["Rent is $1,200 a month", "plus $80 for parking."]],
    [
      "The scan has 2 critical and four high findings, plus 11 medium.",
      ["The scan has 2 critical", ["four high findings", "The scan has four high findings"], "plus 11 medium."],
    ],
  ])("should cut list items after an aside's 'and', after ', plus' and at a count in words in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each<[string, Piece[]]>([
    ["The refund was $80.00, so you paid $920.00.", ["The refund was $80.00", "you paid $920.00."]],
    ["The plan costs $12, though the first month is free.", ["The plan costs $12", "the first month is free."]],
    ["Two of the three desks are free, since D3 is closed until 11:00.", ["Two of the three desks are free", "D3 is closed until 11:00."]],
    ["You topped up $30.00, then spent $12.50 on fares.", ["You topped up $30.00", ["spent $12.50 on fares.", "You spent $12.50 on fares."]]],
    [
      "Job 14 is done, jobs 15 and 16 are running, and jobs 17 and 18 are queued.",
      ["Job 14 is done", "jobs 15 and 16 are running", "jobs 17 and 18 are queued."],
    ],
  ])("should split clauses after ', so' and ', then' and keep coordinated subjects together in %j", (draft, expected) => {
    expect(pieces(draft)).toEqual(expand(expected));
  });

  it.each([
    "axios, chalk and debug are MIT-licensed.",
    "It runs on Node, Deno and Bun 1.1.",
    "The package supports Node 18, 20 and 22.",
    "Tickets cost $5, $6 and $7 for children, students and adults.",
    "The plan costs $5 or $6 a month.",
    "Delivery takes 2–3 days.",
    "Prices range between 10 and 20 dollars.",
    "The flats have 2 and 3 bedrooms.",
    "It is a 3-bed, 2-bath, 1,400 sq ft house.",
    "The office is in Austin, TX at 500 Congress Ave.",
    'The report says "12 passed, 3 failed and 1 skipped".',
    "The build (12 passed, 3 failed) took 4 minutes.",
    "The review states that 40% of users and 25% of admins log in daily.",
    "The price is $40 plus $5 shipping.",
    "You've talked for 412 minutes — just under 7 hours — with no roaming and no extra charges.",
    "We met at Harbor & Vine on 3 May, 2024 at 7 pm.",
    // Bare numbers before the last share its unit.
    "The two wired tests came in at about 471 and 464 Mbps.",
    "The replicas answered in 182, 209 and 230 ms.",
    // A count in words inside a phrase is no item of its own.
    "I found 5 timeout errors between 14:02 and 14:12, spread across two pods.",
  ])("should keep %j as one claim", (draft) => {
    expect(pieces(draft)).toEqual([[draft, draft]]);
  });

  it("should give each figure of a list its own span and map it to the draft", () => {
    const draft = "We have 312 seats, MRR of $48k, and churn of about 2%.";
    const claims = extractClaimsSync(draft);
    expect(claims.map((c) => c.text)).toEqual(["We have 312 seats", "We have MRR of $48k", "We have churn of about 2%."]);
    const mrr = claims[1]!;
    expect(draft.slice(mrr.span[0], mrr.span[1])).toBe("MRR of $48k");
    expect(mrr.map.slice(0, "We have ".length).every((m) => m === -1)).toBe(true);
    expect(mrr.map[mrr.text.indexOf("$48k")]).toBe(draft.indexOf("$48k"));
  });

  it("should not split when compounds are not split", () => {
    const draft = "We have 312 seats, MRR of $48k, and churn of about 2%.";
    expect(extractClaimsSync(draft, { splitCompounds: false }).map((c) => c.text)).toEqual([draft]);
  });
});
