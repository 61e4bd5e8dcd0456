/**
 * English function words that carry no slot or subject: dropped from retrieval queries and coverage counts.
 * Negations (no, not, never...) are deliberately absent: they decide polarity.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "a an the and or but if then else of in on at to for from by with about as into onto over under " +
    "is are was were be been being am do does did doing has have had having will would shall should can could may might must " +
    "it its it's this that these those there here their theirs them they he him his she her hers we us our ours you your yours i me my mine " +
    "which who whom whose what when where why how all any both each few more most other some such only own same so than too very " +
    "s t just also per via up out off again further once both either neither " +
    "one's itself themselves himself herself ourselves yourself myself " +
    "let lets let's get got gets " +
    // Reply words and connectives of chatty answers ("Yes, it's closed on Sundays, though.").
    "yes yeah yep oh ok okay though although however anyway actually really indeed"
  ).split(/\s+/),
);

/** Words that negate what follows (or the clause): a claim and its evidence must agree on them. */
export const NEGATIONS: ReadonlySet<string> = new Set([
  "no",
  "zero",
  "not",
  "never",
  "none",
  "nothing",
  "neither",
  "nor",
  "nobody",
  "nowhere",
  "cannot",
  "without",
  "n't",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "doesn't",
  "don't",
  "didn't",
  "won't",
  "wouldn't",
  "can't",
  "couldn't",
  "shouldn't",
  "hasn't",
  "haven't",
  "hadn't",
]);
