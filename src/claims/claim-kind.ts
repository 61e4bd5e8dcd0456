/**
 * What kind of claim a sentence or clause is (`ClaimKind`), from a small table of patterns.
 *
 * Order matters and follows DESIGN.md ("What a verdict means"): a question or an instruction is never checked,
 * except a question that asserts its clause ("Did you know that ...?"); anything anchored on a figure, a
 * date, a proper name or a code name is checked (as `hedge` when hedged); only unanchored sentences can be
 * meta-talk or opinion, and only pure opinion: a belief, a feeling about a fact ("I love that ...") or an
 * evaluation that also states a fact is checked. Hedges keep their truth conditions, so `hedge` claims are
 * checked like `factual` ones; "about $4M" is not a hedge kind, it is an approximate figure.
 */
import type { ClaimKind } from "../schema.js";
import { STOP_WORDS } from "../text/stop-words.js";

/** A row of the kind table. */
export interface KindRule {
  kind: ClaimKind;
  /** Tested against the claim text (markdown and citations already removed). */
  pattern: RegExp;
  /** Why the row exists: the mistake it prevents. */
  why: string;
}

/** Rows that apply whatever the sentence mentions. */
const ALWAYS: KindRule[] = [
  {
    kind: "not_checkable",
    pattern: /^(?:\[\d+\]\s*)?[\w.:@/-]+ \(e\d+\)$/,
    why: "An entry of the source list a rewrite adds ('[1] npm_view (e1)') names where evidence came from; re-verifying a rewritten answer must not flag it.",
  },
  {
    kind: "question",
    pattern: /[?？][\s"”'’)\]]*$/u,
    why: "A question asserts nothing, even with a figure in it.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:please\s+)?(?:let me know|feel free to (?:ask|reach out|let me know|get in touch))(?:\s+(?:if|whenever|when|should)\s+you\s+(?:need|have|want|would like)\s+(?:anything(?:\s+else)?|any\s+(?:other\s+|more\s+|further\s+)?(?:questions?|help|assistance|clarifications?)|more\s+(?:help|questions|information|info|details)|further\s+(?:help|questions|assistance|information|details)|help))?(?:\s+(?:else|at all))?\s*[.!]?$/i,
    why: "A closing line ('Let me know if you need anything else.', 'Feel free to ask.') offers nothing specific; an offer of a named task stays a question.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?\s*(?:[,!.]\s*(?:(?:and\s+)?(?:thanks|thank you|many thanks)(?: (?:so much|for (?:(?:your|the) )?(?:patience|message|question|email|note|waiting|reaching out)))?|(?:i )?hope you(?:'re| are) (?:well|doing well))?)?\s*[.!]?$/iu,
    why: "A greeting that names the reader ('Hi Julia, thanks for your patience.') carries no fact about the name.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\s+\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)?\s*[,!.]\s*(?:here(?:'s| is| are)|below (?:is|are)|i(?:'ve| have)? (?:looked|checked|pulled|gathered|put together|compiled))\b[^.!?]{0,60}[.!:]?$/iu,
    why: "A greeting that opens meta-talk ('Hi Priya, here is your account summary.') states no fact either.",
  },
  {
    kind: "not_checkable",
    pattern: /^(?:i(?:'d| would)?|my)\s+(?:strongly\s+)?(?:recommend|suggest|advise|(?:recommendation|suggestion|advice)(?:\s+is\b|:))/i,
    why: "The answer's own advice ('I'd recommend raising the memory limit to 1Gi.') states nothing a tool returned; 'We recommend ...' may quote a source and stays checked.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:(?:if i were you|otherwise|personally|honestly|for (?:the|a|an|your)\s[^,.;!?]{1,40}?|with (?:that|this)|in (?:that|this) case|so|then)[\s,]+)?i(?:'d|’d)\s+(?:just\s+|probably\s+|still\s+|also\s+|rather\s+|definitely\s+)?(?!(?:been|had|have|got|gotten|done|seen|found|made|sent|gone|already|never|not|say|note|add|point|mention|guess|expect|estimate|imagine|think|believe|like|love|hate|prefer)\b)(?![a-z]+ed\b)[a-z]+\b/i,
    why: "The answer's own advice in the conditional ('I'd get any hiking done before noon.', 'For the dessert I'd just ask your server.') states nothing a tool returned; 'I'd checked ...' (had) and 'I'd say ...' (a hedged claim) stay checked.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:enjoy|have (?:a|an) (?:great|good|nice|wonderful|lovely|safe|fun|relaxing)|happy \w+ing|safe travels|bon app[eé]tit|take care|stay (?:safe|dry|warm|cool))\b[^\d.!?]{0,60}!\s*$/i,
    why: "A wish that closes an answer ('Enjoy your dinner!', 'Happy reading!', 'Have a great trip to Oslo!') states no fact, even when it names a place.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:you can|you could)\s+(?:also\s+)?(?:do (?:it|this|that)|run (?:it|this|that)|trigger (?:it|one)|check|double-check|verify|confirm)(?:\s+(?:it|this|that))?(?:\s+yourself)?\s+(?:with|by|using|via|from|in)\b/i,
    why: "Telling the user how to do or check it themselves ('You can also do it yourself with gh workflow run ...') is an instruction, however it is phrased.",
  },
  {
    kind: "opinion",
    pattern:
      /^(?!.*\p{Nd})(?!.*\b(?:considered|regarded|known|named|voted|ranked|rated|called|hailed|second|third|fourth|fifth)\b).*\b(?:best|finest|greatest|worst)\s+(?:[\p{L}'’-]+\s+){0,3}?(?:in town|around here|in the area|in the city|nearby|ever|in the world|of all time)\b/iu,
    why: "A superlative with no measure behind it ('X is the best Peruvian restaurant in town') is taste; one with a figure or a measured attribute ('best-rated', 'the highest score') is checked.",
  },
  {
    kind: "not_checkable",
    pattern: /^(?:according to|as reported by|per)\s+[^\s,.;]+(?:\s+[^\s,.;]+){0,3}\s*[,.;]?$/i,
    why: "An attribution split off its clause ('According to `apt-cache`,') names the source of what follows, which is checked on its own.",
  },
  {
    kind: "not_checkable",
    pattern: /^(?:i\s+)?hope\s+(?:this|that|it)\s+(?:helps|is helpful|was helpful)\b[^.!?]{0,80}[.!]?$/i,
    why: "'I hope this helps' is a pleasantry even when it names the topic ('I hope this helps with your React upgrade').",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:(?:sure|okay|ok|certainly|of course)[,!.]?\s+)?here(?:'s|’s| is| are)\s+(?:a|an|the|my|your)\s+(?:[\w-]+\s+){0,3}?(?:summary|summaries|overview|recap|rundown|breakdown|synopsis|digest|paraphrase|rewrite)\b[^.!?:]{0,120}[.!:]?$/i,
    why: "An intro such as 'Here is a concise summary of the passage:' announces what follows, even when it names the topic.",
  },
  {
    kind: "question",
    pattern:
      /^(?:(?:do you )?want me to|would you like(?: me)? to|shall i|shall we|should i|do you want|need me to|let me know|if you(?:'d| would) like|feel free to (?:ask|let)|i can also)\b/i,
    why: "Offers to the user end an answer without a question mark often enough to matter.",
  },
  {
    kind: "not_checkable",
    pattern: /^(?:(?:ok(?:ay)?|sure|so|alright)[,!.]?\s+)?here(?:'s|’s| is) what i (?:found|see|have|got|pulled|dug up|could find)\b[^:;.!?\d]{0,80}[.!:]?$/i,
    why: "An intro that names its topic ('Here's what I found for Saturday's crossings to Kerrow Island.') announces what follows; the facts come after it.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:please\s+)?(?:run|install|use|try|click|open|type|enter|restart|upgrade|make sure|remember to|don'?t forget to|be sure to|go to|navigate to|refer to|check out|consider|follow)\b(?!\s+(?:of|is|are|was|were)\b|:|\s*(?:#|no\.?\s*)?\d|\s+(?:on|at|by|before|after|until)\s+(?:\d|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|noon|midnight)))/i,
    why: "Instructions to the user ('Run npm install to update.') tell, they do not state; a word that names a numbered thing ('Run #1543 failed', 'Run 12 passed') is a noun, and a time after it ('Check out on September 16', 'Check out by 11 am') states a schedule.",
  },
];

/**
 * An opening the advice rows skip: a discourse word ("Honestly, ", "Overall ") or a condition the advice rests
 * on ("If you're flexible, ", "Once it lands, "). The condition is not asserted either.
 */
const ADVICE_OPENER = String.raw`(?:(?:so|also|otherwise|honestly|overall|personally|then|meanwhile|in the meantime|for now|either way|in any case|(?:if|once|when|until|unless|since|given|before|after)\s[^,;:.!?]{1,80}?)\s*[,—–-]\s*|(?:so|also|honestly|overall|personally|then)\s+)?`;

/**
 * A figure: a digit that is no part of an identifier ("$40", "5 minutes"; not "KE-103", "#1873", "v12"). Advice
 * may name a record by its code and stays the answer's own; a figure in it is a fact.
 */
const FIGURE = String.raw`(?<![\p{L}\p{N}#_]|[\p{L}\p{N}]-)\p{Nd}`;

/**
 * Advice, offers and impressions: the answer's own next steps for the reader, and the speaker's overall
 * impression. A tool output states what is; it never states what the reader should do next, what the agent
 * offers to do, or that things "look healthy". Each row applies only to a sentence without a figure: a figure
 * inside advice ("You'll need another 33,750 points to reach Platinum") is a fact and stays checked.
 */
const ADVICE: KindRule[] = [
  {
    kind: "not_checkable",
    pattern: new RegExp(
      String.raw`^(?!.*${FIGURE})${ADVICE_OPENER}(?:you|she|he|they|we)(?:'ll|’ll| will)?\s+(?:probably\s+|also\s+|still\s+|just\s+)?(?:(?:may|might|could|should)\s+(?:also\s+|probably\s+|still\s+|just\s+|really\s+)?(?!not\b|have\b|be\b|been\b|get\b|see\b|notice\b|find\b)[a-z]+|(?:want|need)\s+to)\b`,
      "iu",
    ),
    why: "Advice to the reader or a third person ('You may want to email the customer a reminder.', 'If you're flexible, you could wait.', 'She may want to plan time off.') is a next step, not a report; 'They may be delayed' (a hedged state) and 'You'll see 3 charges' (a figure) stay checked.",
  },
  {
    kind: "not_checkable",
    pattern: new RegExp(
      String.raw`^(?!.*${FIGURE})${ADVICE_OPENER}(?:(?:it|this|that)(?:'s|’s| is| may be| might be| could be| would be| will be| was)\s+|(?:might|may|could|would)\s+be\s+|probably\s+|definitely\s+)?(?:(?:well|probably|definitely|still|also)\s+)?worth\s+(?:a|an|another|some|\p{L}+ing)\b|^(?!.*${FIGURE}).*\b(?:might|may|could|would|will)\s+be\s+(?:well\s+)?worth\s+(?:a|an|another|it|\p{L}+ing)\b`,
      "iu",
    ),
    why: "'Worth a call', 'It might be worth waiting', 'refinancing would be worth a look' weigh a next step; a value ('worth just under $600') carries a figure and stays checked.",
  },
  {
    kind: "not_checkable",
    pattern: new RegExp(
      String.raw`^(?!.*${FIGURE})${ADVICE_OPENER}(?:(?:i|we)(?:'d|’d| would| am| are|'m|’m|'re|’re)?\s+(?:be\s+)?(?:happy|glad)\s+to|(?:happy|glad)\s+to|(?:i|we)\s+(?:can|could)\s+(?:also\s+|easily\s+|always\s+)?(?!not\b|see\b|confirm\b|tell\b|find\b|verify\b|say\b|report\b|only\b|now\b)(?=[a-z]+\b))`,
      "iu",
    ),
    why: "The agent's offer of a next task ('I can export both receipts as a PDF if you'd like.', 'Happy to draft a reminder.') states nothing a tool returned; 'I can see three open tickets' and 'I can confirm it shipped' report, and stay checked.",
  },
  {
    kind: "not_checkable",
    pattern: new RegExp(
      String.raw`^(?!.*${FIGURE})${ADVICE_OPENER}(?!(?:no|some|any|every)?thing\b|(?:morn|even|spr|ceil|build|meet|wedd|str|r|k|sibl|p|br|w|sw|cl|sl|sp|d|l|s)ing\b)\p{L}{2,}ing\b[^,;:.!?]{0,80}?\s(?:would|could|might|should|may|will)\s+(?:probably\s+|likely\s+|really\s+|also\s+|definitely\s+|still\s+)?(?!not\b|have\b)[a-z]+`,
      "iu",
    ),
    why: "A course of action weighed in the conditional ('Running the dishwasher overnight would shave a bit off.', 'Pruning old images would free up space.') is a hypothetical, not a report.",
  },
  {
    kind: "not_checkable",
    pattern: new RegExp(
      String.raw`^(?!.*${FIGURE})${ADVICE_OPENER}(?:(?:please|just|also|then|so)\s+)?(?:stay|take|keep|dress|bring|pack|wear|ask|call|email|text|book|reserve|avoid|wait|head|hold|set|discuss|remember|check|double-check|review|rotate|renew|remind|watch|monitor|grab|drink|allow|budget|skip|aim|go)(?![\w-])\s+(?:a|an|the|your|my|our|their|his|her|it|them|this|that|these|those|some|any|off|on|up|out|in|away|back|about|for|to|with|by|ahead|warmly|ready|alert|safe|calm|hydrated|inside|indoors|home|early|soon|clear|an eye)\b`,
      "iu",
    ),
    why: "An imperative to the reader ('Stay off low-water crossings tonight.', 'Take a snapshot before you apply.', 'If the claim falls through, ask about a repair.') tells, it does not report; a bullet that states a fact ('Check-in at 3 pm', 'Leave approved') has no object or particle after its first word and stays checked.",
  },
  {
    kind: "opinion",
    pattern: new RegExp(
      String.raw`^(?!.*\p{Nd})${ADVICE_OPENER}.{0,80}?\b(?:is|are|'s|’s|looks like|seems like|would be|will be|could be)\s+(?:probably\s+|still\s+|definitely\s+|clearly\s+|likely\s+)?(?:your|the|a|an)\s+(?:best|safest|better|easiest|smartest|obvious|right|good|great|solid)\s+(?:bet|pick|choice|option|move|call|window|fit)\b|^(?!.*\p{Nd}).{0,80}?\b(?:is|are|'s|’s)\s+(?:probably\s+|still\s+|definitely\s+)?the\s+(?:way to go|one to (?:watch|push|pick|beat|back))\b`,
      "iu",
    ),
    why: "A recommendation ('The back room is probably the better pick.', 'B04 is the way to go.') weighs options; the measured facts behind it ('the cheapest option', 'the fastest train') stay checked.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?!.*\p{Nd})(?:(?:nice|great|good|excellent|fantastic|awesome|solid|impressive|strong|well)\s+(?:work|job|effort|going|done|progress|run|result|start|call|consistency)\b[^.!?]{0,80}[.!]?|not a bad [\p{L} -]{1,30}!|keep it up!?|keep up the good work[.!]?)$/iu,
    why: "Praise for the reader ('Nice work getting the catalog refreshed.', 'Not a bad quarter!', 'Keep it up!') judges, it reports nothing.",
  },
  {
    kind: "opinion",
    pattern: new RegExp(
      String.raw`^(?!.*${FIGURE})${ADVICE_OPENER}(?:overall\s*,?\s+)?(?:nothing|everything|all|it|this|that|things|the\s+[\p{L}\s'’-]{1,40}?|[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?)\s+(?:here\s+|else\s+)?(?:looks?|seems?|appears?)\s+(?:(?:very|pretty|quite|really|mostly|generally|broadly|largely|overall|perfectly|all)\s+)?(?:healthy|fine|good|great|ok|okay|normal|wrong|off|solid|stable|clean|sound|reasonable|sensible|misconfigured|broken|concerning|worrying|alarming|promising|on track|in (?:good|great|decent) shape|close to [\p{L}-]+)\b(?:\s+(?:overall|so far|for now|from here|to me|at the moment|right now|on (?:our|my|your|this) side))?\s*[.!]?$`,
      "iu",
    ),
    why: "An overall impression ('Overall, the account looks healthy.', 'Nothing here looks misconfigured.') judges what the figures mean; the figures themselves are the checked claims.",
  },
];

/** Evaluation with nothing to measure ("This is an excellent choice"). */
const EVALUATION: KindRule = {
  kind: "opinion",
  pattern:
    /\b(?:great|excellent|amazing|awesome|wonderful|fantastic|terrible|awful|horrible|beautiful|lovely|nice|cool|best|worst|favou?rite|delightful|superb|brilliant|impressive|elegant|pleasant|unpleasant|solid choice|fun|funny|interesting|exciting|boring|scary|engaging|tragedy|tragic|a shame|a pity|incredible|perfect|ideal|bargain|a steal|gorgeous|stunning|charming|cozy|cosy|a gem)\b/i,
  why: "Evaluation with nothing to measure ('This is an excellent choice'). One that also states a fact in two words or more ('one of the best cheerleading squads in the NFL') is checked, unless it is the speaker's own taste ('my favorite color').",
};

/** Rows for sentences with no figure, date, name or code: pure talk, feeling or evaluation. */
const UNANCHORED: KindRule[] = [
  {
    kind: "not_checkable",
    pattern:
      /^(?:(?:yes|yeah|yep|yup|no|nope|nah|sure|right|true|indeed|exactly|absolutely|definitely|totally|agreed|me too|same here|i agree|of course|(?:oh\s+)?wow|haha|lol|hmm|well|oh|ah)\b[\s,.!]*)*(?:(?:that'?s|that is|it'?s|it is)\s+(?:so\s+|very\s+|really\s+)?(?:right|true|correct|cool|great|awesome|interesting|funny|amazing|crazy|sad|nice)|i'?m not (?:so |too )?sure|i (?:do not|don'?t|do n't|would not|wouldn'?t|would n't) (?:know|think so|remember)|i (?:can |could )?(?:understand|agree)(?: with)?(?: that| you| this| it)?|i think so|i guess(?: so)?|not (?:too |that |so )?much|(?:he|she|it|they|you|we|i|there) (?:can|could|do|does|did|is|are|was|were|will|would|have|has)(?:n'?t| not)?(?:\s+(?:be|too|indeed))?|yes|yeah|yep|no|nope|sure|right|true|exactly|absolutely|definitely)?\s*[.!]*\s*$/i,
    why: "Conversational replies ('Yes.', 'That's right.', 'I'm not sure', 'yes she can!') answer the user, not the evidence.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:hi|hello|hey|greetings|sure|of course|certainly|absolutely|okay|ok|got it|no problem|great question|good question|thanks|thank you|you're welcome|(?:i'?m |i am |we'?re |we are |always )?(?:happy|glad) to help|glad i could help|hope (?:this|that) helps|good luck|cheers|done)\b[^.!?]{0,40}[.!]?$/i,
    why: "Greetings and pleasantries carry no fact.",
  },
  {
    kind: "not_checkable",
    pattern:
      /^(?:here(?:'s| is| are)|below (?:is|are)|as requested|in summary|to summarize|let me|i(?:'ve| have)? (?:looked|checked|searched|dug|went|pulled|gathered|put together|compiled))\b[^.!?]{0,60}[.!:]?$/i,
    why: "Meta-talk about the answer itself ('Here is what I found:', 'I looked this up for you.').",
  },
  {
    kind: "not_checkable",
    pattern: /:$/,
    why: "A line that only introduces what follows ('The affected packages are:') states nothing yet.",
  },
  {
    kind: "opinion",
    pattern:
      /\b(?:i|we)(?:'m| am| are)?\s+(?:really\s+|just\s+|absolutely\s+|personally\s+|truly\s+)?(?:love|like|hate|enjoy|prefer|adore|dislike|think|feel|believe|find|recommend|suggest)\b|^(?:to me|personally)\b|\b(?:in my (?:honest |personal )?(?:opinion|view)|imho|imo)\b/i,
    why: "First-person feeling or judgement ('I love snowy holidays!', 'I think this is a great library', 'In my opinion the weather is pleasant').",
  },
  EVALUATION,
];

/** Hedge words: the claim is still checked, with its truth conditions, but the policy may soften. */
const HEDGE =
  /\b(?:might|could|reportedly|likely|unlikely|possibly|probably|perhaps|apparently|presumably|allegedly|seemingly|appears? to|seems?|suggests?|i think|i believe|we believe)\b/i;
/** "may" the verb only in lower case: "May 25" is a date. */
const MAY = /\bmay\b/;

const MONTH_OR_DAY =
  /\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|today|yesterday|tomorrow)\b/;
const DIGIT = /\p{Nd}/u;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;
const FIRST_PERSON = new Set(["I", "I'm", "I've", "I'd", "I'll", "I’m", "I’ve", "I’d", "I’ll", "OK"]);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** A proper name or acronym anywhere but as the plain first word ("The API", "Node.js", "Drive", "MIT"). */
function hasProperName(text: string): boolean {
  let index = 0;
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    const acronymOrCamel = /^\p{Lu}.*\p{Lu}/u.test(w) && w.length > 1;
    if (index > 0 && /^\p{Lu}/u.test(w) && !FIRST_PERSON.has(w)) return true;
    if (acronymOrCamel && !FIRST_PERSON.has(w)) return true;
    index++;
  }
  return false;
}

/** What a claim text may carry beside the words. */
export interface KindContext {
  /** The claim contains inline code (a package, a command, a version range): a name it can be checked on. */
  hasCode?: boolean;
}

/**
 * True when the text names something a tool output could settle: a figure, a date, a proper name or code.
 *
 * @param text the claim text.
 * @param context whether it contains inline code.
 */
export function isAnchored(text: string, context: KindContext = {}): boolean {
  return context.hasCode === true || DIGIT.test(text) || MONTH_OR_DAY.test(text) || hasProperName(text) || CJK.test(text);
}

/**
 * Classifies a claim text.
 *
 * @param text the claim text as the verifier reads it (markdown and citation markers removed).
 * @param context extra facts about the text (inline code).
 * @returns `question`, `not_checkable`, `opinion`, `hedge` or `factual` (the default).
 */
export function classifyClaim(text: string, context: KindContext = {}): ClaimKind {
  const t = text.trim();
  if (t === "") return "not_checkable";
  // "Did you know that it has sold over 5 billion copies?": the question asserts its clause.
  const known = DID_YOU_KNOW.exec(t);
  if (known && known[1]!.trim().split(/\s+/).length >= 3) return "factual";
  for (const rule of ALWAYS) if (rule.pattern.test(t)) return rule.kind;
  for (const rule of ADVICE) if (rule.pattern.test(t)) return rule.kind;
  if (!isAnchored(t, context)) {
    // "I believe his first single was Heartbreak Hotel": a belief about a fact keeps its truth conditions
    // (DESIGN.md: hedges are checked). Only a belief that evaluates ("I think it is the most fun part")
    // is an opinion.
    const belief = BELIEF.exec(t);
    if (belief && belief[1]!.split(/\s+/).length >= 3 && !EVALUATIVE.test(belief[1]!)) return "hedge";
    // "I love that it is between blue and yellow on the spectrum", "I like how it won the Pulitzer": a
    // feeling about a fact takes the fact as true (a factive frame), so the fact is checked.
    const factive = FACTIVE.exec(t);
    if (factive && factWords(factive[1]!) >= 2 && !EVALUATIVE.test(factive[1]!)) return "factual";
    for (const rule of UNANCHORED) {
      if (!rule.pattern.test(t)) continue;
      // "They are one of the best cheerleading squads in the NFL": an evaluation that states a fact (two
      // words or more besides the evaluation and its frame) is checked; only pure opinion is not (DESIGN).
      // "Perfect weather for a run!": an exclamation with no verb of its own is an exclamative, whatever
      // nouns it names.
      if (rule === EVALUATION && factWords(t) >= 2 && !OWN_TASTE.test(t) && !isExclamative(t)) break;
      return rule.kind;
    }
    // "Looks like a popular topic!": the speaker's impression, exclaimed.
    if (IMPRESSION.test(t) && isExclamative(t)) return "opinion";
  }
  return HEDGE.test(t) || MAY.test(t) ? "hedge" : "factual";
}

/** "Looks like ...", "Sounds like ...": an impression, not a report. */
const IMPRESSION = /^(?:looks|sounds|seems)\s+like\b/i;

/** A verb or auxiliary of its own: an exclamation with one ("They are the best team!") still states. */
const OWN_VERB = /\b(?:is|are|was|were|be|been|being|has|have|had|does|did|do|will|would|can|could|won|lost|got|made|went|came)\b|['’]s\b|\b\w+ed\b/i;

/** An exclamation without a verb of its own ("Perfect weather for a run!", "Looks like a popular topic!"). */
function isExclamative(t: string): boolean {
  return /!\s*$/.test(t) && !OWN_VERB.test(t.replace(/^(?:looks|sounds|seems)\s+like\b/i, ""));
}

/** Words of an evaluation's frame: pronouns, intensifiers, fillers ("it's so cool", "that's a pretty great one"). */
const FRAME =
  /^(?:i|i'm|im|me|my|you|your|we|it|it's|its|that|that's|this|they|he|she|so|very|really|pretty|quite|such|too|just|also|oh|wow|yes|yeah|well|like|love|think|feel|thing|one|lot|much|way|sure)$/;
/** The speaker's own taste: "my favorite color", "our least favourite part". */
const OWN_TASTE = /\b(?:my|our)\s+(?:\w+\s+)?(?:least\s+)?favou?rite\b/i;

/** How many words of a sentence are neither stop words, evaluation nor its frame: what it says besides judging. */
function factWords(t: string): number {
  let n = 0;
  for (const w of t.toLowerCase().match(/[a-z][a-z'’-]*/g) ?? []) if (!STOP_WORDS.has(w) && !EVALUATIVE.test(w) && !FRAME.test(w) && w.length > 2) n++;
  return n;
}

/** "Did you know (that) <clause>?", "Were you aware that <clause>?", capturing the clause the question asserts. */
const DID_YOU_KNOW =
  /^(?:(?:but|and|so|oh|well|also)[\s,]+)*(?:did you (?:know|hear)(?: that)?|were you aware(?: that)?|have you heard that)\s+(?!(?:about|of|what|who|where|when|why|how|if|whether)\b)(.+?)\s*[?？]?\s*$/i;

/** "I love / like / hate how|that <clause>", capturing the clause the feeling takes as true. */
const FACTIVE =
  /^(?:(?:yes|yeah|well|oh|and|but|so)[\s,]+)*i\s+(?:(?:also|really|just|especially)\s+)*(?:love|loved|like|liked|hate|hated|enjoy|enjoyed)\s+(?:how|that)\s+(.+)$/i;

/** "I think / believe / guess (that) <clause>", capturing the clause. */
const BELIEF = /^(?:(?:yes|yeah|well|oh|and|but|so)[\s,]+)*i\s+(?:think|believe|guess|suppose|recall|remember|heard)\s+(?:that\s+)?(.+)$/i;
/** Words of evaluation or feeling: a clause with one is an opinion, not a belief about a fact. */
const EVALUATIVE =
  /\b(?:engaging|exciting|scary|tragedy|tragic|incredible|great|excellent|amazing|awesome|wonderful|fantastic|terrible|awful|horrible|beautiful|lovely|nice|cool|fun|funny|best|worst|favou?rite|interesting|boring|good|bad|better|worse|pretty|fascinating|crazy|weird|sad|happy|love|like|hate|enjoy|should|would|could|probably|safe to|fine to|okay to|ok to|perfect|bargain)\b/i;

/** The kind table, for documentation and tests: each row's kind, pattern and reason. */
export const KIND_RULES: ReadonlyArray<Readonly<KindRule>> = [...ALWAYS, ...ADVICE, ...UNANCHORED];
