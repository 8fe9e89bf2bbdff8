/**
 * Plain-writing edits on one English sentence of protected text, each a small pure function: the
 * typographic apostrophe inside a word becomes the plain one people type; a short introductory
 * phrase loses its comma ("In this essay, I ..." → "In this essay I ..."); "provide" becomes "give"
 * where no "with" object follows; nominal "the implementation of X" becomes "implementing X".
 * None adds or drops a content word of the text's meaning; placeholders (freeze.ts) are never matched.
 */
import { tagTokens, type TaggedToken } from '../text/pos.js';
import { capitalisable } from './common-words.js';
import { endsWithAbbreviation } from '../text/segment.js';
import { isInstruction } from './instruction.js';
import type { Random } from './random.js';

/**
 * "it’s" → "it's": an apostrophe between letters is not a quotation mark; nor, in a sentence that opens no single quote,
 * one after a plural's "s" ("the business’ name" beside "the customer's name" read as two styles).
 */
export function plainApostrophes(s: string): string {
  if (!s.includes('’')) return s;
  // Not in a name: "O’Brien", "D’Angelo" keep theirs.
  const out = s.replace(/(?<=\p{L})’(?=\p{Ll})/gu, "'");
  return out.includes('‘') ? out : out.replace(/(?<=\p{L}s)’(?=\s+\p{L})/gu, "'");
}

const INTRO_PREPOSITIONS = /^(?:In|On|At|For|During|By|After|Before|Over|Through|Since|Today|Nowadays|Now|Then|Later|Recently|Sometimes|Often|Also|Instead)\b/u;

/** Connectives that keep their comma ("On top of that, ...", "In fact, ..."). */
const SPOKEN_CONNECTIVE = /^(?:On top of that|On the other hand|On the whole|On balance|In fact|In short|In addition|In particular|In practice|In other words|In a way|In brief|In closing|In the end|For example|For instance|For one thing|For this reason|By contrast|At the same time|At the end of the day|After all|After that|Also|Instead|Now|Then|Still|Then again|In the same way|By and large|Of course|In turn|In contrast|In sum|In summary|In conclusion|In any case|At least|At first|Even so|Above all|All in all|To be fair|In reality|In theory|In truth|In essence|On the contrary|On one hand|On the one hand|For that reason|In that case|In this case|In the meantime|In the long run|On a final note|On a side note|On that note|On a related note|On a personal note|On a lighter note|On a positive note|On the bright side|On the flip side)$/u;

/**
 * Words that open a clause's subject. The comma goes only before one of them (or a protected span such as a
 * number): before a verb ("Nowadays, keep in mind …") the phrase would run into an imperative.
 */
// Pronouns and determiners only: after "By using FACS," a bare noun ("teachers can …") would read as part of the phrase.
const SUBJECT_START = /^(?:\uE000|(?:I|we|you|he|she|it|they|one|the|a|an|this|that|these|those|there|many|most|some|few|several|all|every|each|no|our|my|your|his|her|its|their)(?![\p{L}'’]))/u;

/**
 * Drops the comma after a short introductory phrase (at most four words, a preposition or a time word
 * first, nothing protected in it) before the clause's subject, as many writers do; null when the
 * sentence does not qualify.
 */
export function dropIntroComma(s: string): string | null {
  // Not before a number (a placeholder): "After World War II 44 nations" would run the two together.
  const m = /^([\p{L}' ]{2,40}),\s+(?=\p{L})/u.exec(s);
  if (!m || !INTRO_PREPOSITIONS.test(m[1]!) || SPOKEN_CONNECTIVE.test(m[1]!)) return null;
  if (!SUBJECT_START.test(s.slice(m[0].length))) return null;
  const words = m[1]!.trim().split(/\s+/u);
  if (words.length > 4) return null;
  // Not after a phrase with a verb ("After eating, the children …", "After he left, the house …"): without the comma the
  // reader takes the subject for the verb's object.
  if ((tagTokens(m[1]!) ?? []).some((t) => t.pos === 'VERB' || t.pos === 'AUX') || /\p{L}+(?:ing|ed)$/u.test(m[1]!.trim())) return null;
  return `${m[1]!} ${s.slice(m[0].length)}`;
}

const GIVE: Readonly<Record<string, string>> = { provide: 'give', provides: 'gives', providing: 'giving' };
/** What is provided as a service: "provides heart surgery", "providing housing", "provide coverage". */
const SERVICE = /(?<![\p{L}])(?:logistics|consulting|surgery|surgeries|care|treatment|treatments|services?|coverage|access|insurance|housing|shelter|transportation|transport|electricity|water|power|internet|hosting|storage|meals|food|education|training|childcare|healthcare|counsel(?:l)?ing|therapy|vaccines?|vaccinations?)(?![\p{L}])/iu;

/**
 * What one gives as well as provides: help and ideas, not things. "The company provides a laptop" supplies one (it is not
 * the employee's), "must provide proof of purchase" or "a copy of the policy" presents a document: "give" says something else.
 */
const GIVEN = /^\s+(?:(?:a|an|the|some|more|much|valuable|useful|helpful|clear|real|great|good|new|important|practical|better|quick|detailed|personal|plenty\s+of|lots\s+of|a\s+lot\s+of|[\p{L}-]+ful|[\p{L}-]+ive)\s+){0,3}(?:insights?|information|support|guidance|feedback|advice|opportunit(?:y|ies)|chances?|a\s+sense|sense|overview|context|examples?|ideas?|tips|perspectives?|clarity|structure|foundation|framework|boost|answers?|explanations?|value|benefits?|comfort|relief|energy|flexibility|motivation|inspiration|encouragement|reassurance|peace\s+of\s+mind|confidence|ways?|places?|space|room|glimpse|window|reasons?|hope|purpose|direction|focus)(?![\p{L}'’-])/iu;

/**
 * "provides a way" → "gives a way", only where the clause has no "with"/"for" object to follow (which
 * "give" cannot take: "provide them with X", "provide for") and "provided" (also "if") is left alone.
 */
export function provideToGive(s: string, rng: Random, rate: number): string {
  return s.replace(/(?<![\p{L}'’-])(provides|providing|provide)(?![\p{L}'’-])([^.,;:!?\uE000-\uE019]*)/giu, (m: string, verb: string, rest: string) => {
    const head = rest.split(/\s+/u).slice(0, 7).join(' ');
    // Nor a service one provides ("provides heart surgery to kids", "provides housing"): one does not "give" it.
    if (/(?<![\p{L}])(?:with|for|that)(?![\p{L}])/iu.test(head) || SERVICE.test(head) || !GIVEN.test(rest)) return m;
    // "Providing the information is correct, …" is "provided that": a finite verb of its own follows.
    if (verb.toLowerCase() === 'providing' && /^(?:\s+[\p{L}'’-]+){1,4}\s+(?:is|are|was|were|has|have|can|will|does|do|remains?)(?![\p{L}'’-])/iu.test(rest)) return m;
    if (!rng.chance(rate)) return m;
    const to = GIVE[verb.toLowerCase()]!;
    return (/^\p{Lu}/u.test(verb) ? to[0]!.toUpperCase() + to.slice(1) : to) + rest;
  });
}

const NOMINALS: Readonly<Record<string, string>> = {
  implementation: 'implementing', integration: 'integrating', adoption: 'adopting',
  utilization: 'using', use: 'using', creation: 'creating', establishment: 'establishing', promotion: 'promoting',
  exploration: 'exploring', examination: 'examining', improvement: 'improving', enhancement: 'improving',
  reduction: 'reducing', evaluation: 'evaluating', consumption: 'consuming',
};

/** A sentence that reports a change in amount or a judgement of people: its nominal subject is not an activity. */
const CHANGE_OR_PEOPLE = /(?<![\p{L}'’-])(?:increas|grow|grew|rise|rose|risen|declin|fall|fell|drop|doubl|tripl|spread|surg|soar|expand|decreas|widespread|common|popular|prevalent|rude|friendly|helpful|decided|announced|said|says)/iu;

const PREPOSITIONS = ['by', 'through', 'in', 'on', 'for', 'about', 'to', 'with', 'without', 'from', 'after', 'before', 'and']
  .map((p) => `[${p[0]!}${p[0]!.toUpperCase()}]${p.slice(1)}`).join('|');
/** A gerund among the few words before an "and": "by cutting waste and …", "reducing costs and …". */
const GERUND_BEFORE = /(?<![\p{L}'’-])(?!(?:thing|during|king|morning|evening|string|nothing|something|anything|everything|spring|ring|wing|bring|sing|ceiling|building|meeting|training|funding|setting|pricing|wedding|clothing|housing|parking|offering|feeling|being)(?![\p{L}'’-]))\p{Ll}{2,}ing(?:\s+[\p{L}\p{N}'’-]+){0,5}\s*$/u;
const NOMINAL = new RegExp(`(^|(?<![\\p{L}'’-])(?:${PREPOSITIONS})\\s+)(the|The)\\s+(\\p{Ll}+)\\s+of\\s+(?=(?:the|a|an|new|these|this|their|its|our|\\p{Ll}+s)(?![\\p{L}'’-]))`, 'gu');

/**
 * "the implementation of new rules" → "implementing new rules", where the phrase opens the sentence
 * or follows a preposition, and what follows "of" is not a name or a protected span.
 */
export function activeNominals(s: string, rng: Random, rate: number): string {
  // NOMINAL needs "of" and "the" or "The".
  if (!s.includes('of') || (!s.includes('the') && !s.includes('The'))) return s;
  return s.replace(NOMINAL,
    (m: string, pre: string, the: string, noun: string, at: number) => {
      const verb = NOMINALS[noun];
      if (!verb || !rng.chance(rate)) return m;
      // As a subject, "the use of smartphones has increased" is how common they are, not "using smartphones". ("The
      // management of the hotel" is as often the managers as the managing: it is not in the table.)
      if (pre.trim() === '' && CHANGE_OR_PEOPLE.test(s)) return m;
      // "to the use of" → "to using" reads as an infinitive gone wrong, "with the use of" → "with using" as broken: left alone.
      // "for the use of residents" is for them to use ("for using residents" uses them).
      if (/^(?:to|with)\s/iu.test(pre) || (/^for\s/iu.test(pre) && noun === 'use')) return m;
      // Nor a phrase that opens the sentence ("After the adoption of the euro, prices rose"): as a gerund it would take the
      // main clause's subject for its doer ("After adopting the euro, prices rose").
      if (at === 0 && pre.trim() !== '') return m;
      // After "and", only beside a gerund ("by cutting waste and the adoption of …" → "and adopting …"): beside a noun the
      // pair is no longer parallel ("come from our suppliers and using our products").
      if (/^and\s/iu.test(pre) && !GERUND_BEFORE.test(s.slice(0, at))) return m;
      const word = the === 'The' || /^\p{Lu}/u.test(pre) && pre.trim().length === 0 ? verb[0]!.toUpperCase() + verb.slice(1) : verb;
      return `${pre}${word} `;
    });
}

/** Sentence-opening stock connectives that only announce "more of the same": dropped outright. */
const TRULY_ADDITIVE = /^(?:Furthermore|Moreover|Additionally|In addition|Also|Besides|Further|On top of that|What is more|To add to this|Not only that),/u;
// Not "Essentially,", "Basically,", "In essence,", "Overall,": they say the claim is approximate or on the whole
// ("Essentially, the two models are the same", "Overall, the film is good"), and dropped, it would be exact.
const ADDITIVE_OPENER = /^(?:Furthermore|Moreover|Additionally|In addition|Also|Notably|Importantly|Indeed|Interestingly|Undoubtedly|Ultimately|Specifically|Significantly|Crucially|Besides|Further|On top of that|What is more|To add to this|Not only that),\s+(?=[\p{L}\uE000])/u;
/** Causal openers say "so" in plain speech; contrastive ones "but" (casual and neutral registers). */
const CAUSAL_OPENER = /^(?:Consequently|Therefore|Thus|Hence|As a result|Accordingly|As such|For this reason),\s+(?=[\p{L}\uE000])/u;
const CONTRAST_OPENER = /^(?:However|Nevertheless|Nonetheless|That said|Conversely),\s+(?=[\p{L}\uE000])/u;

/**
 * A connective that the words after it would echo: "Beyond this, this guarantee …", "On top of that, this guarantee is in
 * addition to …" (which the casual phrase rule makes "on top of").
 */
export function echoes(connective: string, rest: string): boolean {
  const c = connective.toLowerCase().replace(/,$/u, '');
  const last = /(\p{L}+)$/u.exec(c)?.[1];
  if (last && /^(?:this|that|these|those)$/u.test(last) && new RegExp(`^\\s*${last}(?![\\p{L}'’-])`, 'iu').test(rest)) return true;
  if (/^on top of/u.test(c) && /(?<![\p{L}'’-])(?:on top of|in addition to)(?![\p{L}'’-])/iu.test(rest)) return true;
  // A clause that adds by itself ("the pigeon does not move either", "the app also syncs", "… as well") takes no
  // connective that adds: "Plus, the pigeon doesn't move either" says it twice.
  if (ADDING.test(c) && (/(?<![\p{L}'’-])also(?![\p{L}'’-])/iu.test(rest.split(/[,;:.!?]/u)[0]!) || ADDS_AT_END.test(rest))) return true;
  return /^plus$/u.test(c) && /(?<![\p{L}'’-])plus(?![\p{L}'’-])/iu.test(rest);
}
const ADDING = /^(?:plus|also|on top of that|beyond this|beyond that|what['’]s more|in addition|besides)$/u;
/** "too", "either", "as well" closing the clause ("too" before a word is one of degree: "the room was too small"). */
const ADDS_AT_END = /(?<![\p{L}'’-])(?:too|either|as\s+well)[.!?]?["'”’)]*\s*$/iu;

/**
 * "So" and "But" open at most two sentences of a text each, the text's own counted: they are the plain words and may
 * repeat, but a long text whose every "Therefore," and "Consequently," became "So" read "So … So … So … So …" (an essay
 * of 900 words had five).
 */
const PLAIN_CONJUNCTION_LIMIT = 2;
export function spendConjunction(used: Set<string> | undefined, word: string): boolean {
  if (used === undefined) return true;
  const w = word.toLowerCase().replace(/,$/u, '');
  for (let i = 1; i <= PLAIN_CONJUNCTION_LIMIT; i++) {
    const key = `${w}#${i}`;
    if (!used.has(key)) { used.add(key); return true; }
  }
  return false;
}

/**
 * The connectives a text's own sentences open with, as the rewrite records those it puts in ("as a result,", "plus,";
 * "so#1" for a plain "So"): a replacement does not add one more of what the text already says ("Plus," twelve times in
 * a blog post became thirteen, "As a result," once in an essay became five).
 */
export function ownOpeners(sentences: Iterable<string>): Set<string> {
  const used = new Set<string>();
  for (const s of sentences) {
    const plain = /^(So|But)\s/u.exec(s);
    if (plain) { spendConjunction(used, plain[1]!); continue; }
    const m = /^(\p{Lu}[\p{L}'’]*(?:\s+[\p{L}'’]+){0,3}),\s/u.exec(s);
    if (m) used.add(`${m[1]!.toLowerCase().replace(/’/gu, "'")},`);
    if (/^That['’]s why\s/u.test(s)) used.add("that's why");
  }
  return used;
}

/**
 * A clause set off by commas that opens the rest of a sentence: after a connective without a comma of its own it keeps
 * its opening comma ("That's why, although our emissions per parcel fell sharply, our absolute emissions …", not
 * "That's why although …").
 */
export const OPENS_WITH_ASIDE = /^(?:rather\s+than|instead\s+of|in\s+spite\s+of|despite|unlike|apart\s+from|as\s+well\s+as|although|though|even\s+though|even\s+if|whereas|while|unless)(?![\p{L}'’-])[^,]*,/iu;

/** Each spoken alternative at most once a text, so none becomes a tic: a pick among those not used yet. */
/** One of `choices` the text has not used yet (compared in lower case: the phrase rules record theirs so), recorded. */
function onceOf(choices: readonly string[], used: Set<string>, rng: Random): string | null {
  const free = choices.filter((c) => !used.has(c.toLowerCase()) && ((c !== 'So' && c !== 'But') || !used.has(`${c.toLowerCase()}#${PLAIN_CONJUNCTION_LIMIT}`)));
  if (free.length === 0) return null;
  const c = rng.pick(free);
  if (c === 'So' || c === 'But') spendConjunction(used, c);
  else if (c.length > 0) used.add(c.toLowerCase());
  return c;
}

/** The rest of a sentence after its opener, its first word lower-cased where it may be; null where it may not. */
function lowered(rest: string, lowerForms: ReadonlySet<string>): string | null {
  const m = /^(\p{L}+)/u.exec(rest);
  if (!m) return /^\uE000/u.test(rest) ? rest : null;
  const w = m[1]!;
  if (/^\p{Ll}/u.test(w)) return rest;
  if (w === 'I' || !/^\p{Lu}\p{Ll}*$/u.test(w)) return /^\p{Lu}/u.test(w) && !/^\p{Lu}\p{Ll}*$/u.test(w) ? rest : null;
  return lowerForms.has(w.toLowerCase()) || /^(?:the|a|an|it|this|that|these|those|there|they|we|you|he|she|many|most|some|such|in|on|at|by|for|with|if|when|while|as|one|each|every|all|both|no|not|our|their|its|his|her|my|your)$/u.test(w.toLowerCase())
    ? w.toLowerCase() + rest.slice(w.length) : null;
}

/**
 * The sentence without an opener that only adds ("Furthermore, meditation reduces stress" → "Meditation reduces stress"),
 * for a sentence with no point before it to add to: the first of a text, or the first under a title, a salutation or a
 * line ending in a colon. Null when it has none, or when dropping it would leave code or a symbol to take the capital.
 */
export function dropLoneAdditive(s: string): string | null {
  const m = TRULY_ADDITIVE.exec(s);
  if (!m) return null;
  const rest = s.slice(m[0].length).trimStart();
  if (!/^[\p{L}\uE000]/u.test(rest) || (/^\p{Ll}/u.test(rest) && !capitalisable(rest))) return null;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * The sentence without its stock opening connective: additive ones ("Furthermore, ...") go, causal
 * ones become "So" (not in the formal register), contrastive ones "But" (casual register only; others keep "However,").
 * "When it comes to X, ..." opens as "As for X, ...". Null when nothing applies or the dice say no.
 */
export function plainOpener(
  s: string, register: 'casual' | 'neutral' | 'formal', rng: Random, rate: number, lowerForms: ReadonlySet<string>, used: Set<string> = new Set(),
): string | null {
  if (/^When it comes to\s/u.test(s)) return rng.chance(rate) ? `As for ${s.slice('When it comes to '.length)}` : null;
  if (register !== 'formal' && /^In my opinion,\s+(?=\p{L})/u.test(s) && rng.chance(rate)) {
    const rest = lowered(s.replace(/^In my opinion,\s+/u, ''), lowerForms);
    return rest === null ? null : `I think ${rest}`;
  }
  const additive = ADDITIVE_OPENER.exec(s);
  if (additive) {
    if (!rng.chance(rate)) return null;
    const rest = s.slice(additive[0].length);
    // Only an opener that adds may become "On top of that,"/"Plus,": "Ultimately", "Interestingly" … are dropped.
    const spoken = register === 'casual' && TRULY_ADDITIVE.test(additive[0]) && rng.chance(0.35)
      ? onceOf(['On top of that,', 'Plus,'].filter((c) => !echoes(c, rest)), used, rng) : null;
    const loweredRest = spoken ? lowered(rest, lowerForms) : null;
    if (spoken && loweredRest !== null) return `${spoken} ${loweredRest}`;
    // Dropped, it would leave code or a symbol to take the capital ("Furthermore, npm install fails"): it stays.
    return /^\p{Ll}/u.test(rest) && !capitalisable(rest) ? null : rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  if (register === 'formal') return null;
  // "But" opens a sentence only in casual text: an abstract or a report in a neutral register keeps "However,".
  const causal = CAUSAL_OPENER.exec(s) ?? (register === 'casual' ? CONTRAST_OPENER.exec(s) : null);
  if (!causal || !rng.chance(rate)) return null;
  const rest = lowered(s.slice(causal[0].length), lowerForms);
  if (rest === null) return null;
  // "Because of this, ..." / "That's why ..." keep the causal link spelt out; "So ..." is the shortest way to say it.
  // "So many cities ..." would read as "that many": before a quantity word, "So" is not used.
  // Nor before its own "so" ("Consequently, so much of your weekend …" lost its link as "So so much …" was tidied).
  const noSo = /^(?:many|much|few|little|far|long|often|well|very|too|much|most|so)(?![\p{L}'’-])/u.test(rest);
  // Not "Because of this, ... because ...": a sentence that gives a reason of its own gets "That's why".
  const ownReason = /(?<![\p{L}'’-])(?:because|since|due to|as)(?![\p{L}'’-])/iu.test(rest);
  // "Therefore"/"Thus"/"Hence" often sum up a paragraph: "So" says that; "That's why" and "Because of this," tie the sentence to
  // the one before alone ("…lowers hiring costs. That's why the impact … depends on its size" does not follow).
  const sumsUp = /^(?:Therefore|Thus|Hence),/u.test(s);
  // An instruction after it ("Consequently, if you cannot reach your work safely, use a taller ladder") takes "So" alone:
  // "That's why" and "Because of this," give a fact's cause ("That's why if you can't reach …, use …" is no sentence).
  const instruction = isInstruction(rest);
  const causalWords = sumsUp || instruction ? (noSo ? [] : ['So']) : ownReason ? (noSo ? ["That's why"] : ['So', "That's why"]) : noSo ? ['Because of this,', "That's why"] : register === 'casual' ? ['So', 'So', 'Because of this,', "That's why"] : ['So', 'Because of this,'];
  // "However" and "Conversely" contrast: "But". The concessive ones ("Nevertheless", "That said") may also be "Still," (not
  // where the sentence has its own "still": "Still, some patients will still need insulin").
  const concessive = /^(?:Nevertheless|Nonetheless|That said),/u.test(s);
  const contrastWords = !concessive ? ['But'] : /(?<![\p{L}'’-])still(?![\p{L}'’-])/iu.test(rest) ? ['But', 'That said,'] : ['But', 'That said,', 'Still,'];
  const word = CAUSAL_OPENER.test(s) ? onceOf(causalWords, used, rng) : onceOf(contrastWords, used, rng);
  // Each alternative used up (a long text): the connective stays as written.
  if (word === null) return null;
  const said = word;
  // A phrase set off by commas keeps its opening comma: "That's why, rather than asking …, we should ask …".
  const aside = !said.endsWith(',') && OPENS_WITH_ASIDE.test(rest);
  return `${said}${aside ? ',' : ''} ${rest}`;
}

/**
 * "due to the cost" → "because of the cost"; "due to arrive" (scheduled) and "due to the landlord", "due to you" (owed to
 * someone) are left alone.
 */
export function dueToBecause(s: string, rng: Random, rate: number): string {
  if (!/due to/iu.test(s)) return s;
  // "is due to play Arsenal", "is due to land on Mars": scheduled, whatever the verb (the tagger reads it).
  const scheduled = new Set((tagTokens(s) ?? []).filter((t, i, all) => t.text.toLowerCase() === 'to' && /^due$/iu.test(all[i - 1]?.text ?? '')
    && /^(?:is|are|was|were|be|been|being|am|['’]s|['’]re)$/iu.test(all[i - 2]?.text ?? '') && (all[i + 1]?.pos === 'VERB' || all[i + 1]?.pos === 'AUX')).map((t) => t.start));
  // Not in a named quantity: "the acceleration due to gravity".
  // Nor "due to X or simply to Y": "because of X or simply to Y" would break the pair.
  return s.replace(/(?<![\p{L}'’-])([Dd])ue to\s+(?![^.;:!?]*\bor\s+(?:\p{L}+\s+)?to\s)(?!(?:gravity|friction|drag|inertia|air\s+resistance)(?![\p{L}'’-]))(?!(?:(?:the|your|our|their|his|her|its|my)\s+)?(?:landlord|landlady|owner|bank|lender|creditor|company|school|office|client|customer|tenant|supplier|vendor|seller|buyer|government|city|state|irs|agency|department|contractor|court|employer|employee|author|winner|estate|account|member|shareholder|worker|investor|heir|beneficiary|beneficiaries|staff)s?(?![\p{L}'’-])|(?:you|him|her|them|us|me)(?![\p{L}'’-])|(?:be|arrive|start|begin|commence|conclude|resume|open|reopen|close|end|expire|take|return|launch|appear|finish|complete|leave|meet|retire|visit|come|go|run|occur|happen|proceed|sit|speak|testify|report|announce|publish|release|deliver|submit|graduate|undergo|receive|give|hold|enter|which|whom)(?![\p{L}'’-]))(?=[\p{L}\uE000])/gu,
    (m: string, d: string, at: number) => (!scheduled.has(at + 4) && rng.chance(rate) ? `${d === 'D' ? 'B' : 'b'}ecause of ` : m));
}

/** "is able to help" → "can help"; "are able to" too. Not after a modal ("will be able to" stays). */
export function ableToCan(s: string, rng: Random, rate: number): string {
  return s.replace(/(?<![\p{L}'’-])(?:is|are)\s+(not\s+)?able\s+to\s+(?=\p{Ll})/gu, (m: string, not?: string) => (rng.chance(rate) ? (not ? 'cannot ' : 'can ') : m));
}

/**
 * Impersonal "one can/should/must" → "you ...", casual registers only, where "one" is a subject of its own (at the start
 * of a clause); "no one can" and "the blue one would suit you" (a pronoun for a noun) keep their "one".
 */
export function impersonalYou(s: string): string {
  // Not "one" of a number of things ("Two samples were tested, and one could not be analysed"), nor before a passive: the
  // generic "one" acts.
  if (/(?<![\p{L}'’-])(?:two|three|four|five|six|seven|eight|nine|ten|several|both|few|many|some|of\s+the|\p{N}+)(?![\p{L}'’-])/iu.test(s)
    || /(?<![\p{L}'’-])one\s+\p{L}+\s+(?:not\s+)?be\s+\p{L}+(?:ed|en|ld|ne|wn|ught|pt)(?![\p{L}'’-])/iu.test(s)) return s;
  return s.replace(/(?<=^|[,;:]\s+|(?<![\p{L}'’-])(?:and|but|or|so|if|when|because|then|where|while|unless|until|than|since)\s+)([Oo])ne\s+(can|could|should|must|may|might|will|would|needs to|has to)\s+(?=\p{Ll})/gu,
    (_m: string, o: string, verb: string) => `${o === 'O' ? 'Y' : 'y'}ou ${verb === 'needs to' ? 'need to' : verb === 'has to' ? 'have to' : verb} `);
}

/**
 * Determiner and relative-pronoun swaps read off one tagging of the sentence, as a map from a word's
 * offset to its replacement: a restrictive "which" after a noun ("the tools which help") becomes
 * "that" (never after a comma or a preposition, "in which", nor where it asks "which tools" or follows
 * "matter"); with `who`, a restrictive "who" after a common noun too ("people who care" → "people that
 * care"). "Each" stays "each": of two ("For Macbeth and Gatsby … Each protagonist") "every" is wrong, and a
 * sentence does not say how many there are.
 */
export function determinerSwaps(tags: readonly TaggedToken[] | null, rng: Random, rate: number, s: string, who = false): Map<number, string> {
  const out = new Map<number, string>();
  if (!tags) return out;
  for (let i = 0; i < tags.length; i++) {
    const t = tags[i]!;
    const prev = tags[i - 1];
    const next = tags[i + 1];
    // An indirect question after a verb of asking or telling: "Ask your pharmacist which is best", "Tell the teacher who …".
    const asked = tags.slice(Math.max(0, i - 4), i - 1).some((x) => /^(?:ask|asks|asked|asking|tell|tells|told|telling|show|shows|showed|showing|inform|informs|informed|remind|reminds|reminded|decide|decides|decided|know|knows|knew|wonder|wonders|wondered|check|checks|checked)$/iu.test(x.text));
    if (t.text === 'which') {
      if (asked) continue;
      if (!prev || prev.pos !== 'NOUN' || /^(?:matter|one|ones|way|extent|degree|point)$/iu.test(prev.text) || s.slice(prev.end, t.start) !== ' ') continue;
      if (!next || next.pos === 'NOUN' || next.pos === 'ADJ' || next.pos === 'PUNCT' || next.pos === 'PROPN' || next.pos === 'NUM') continue;
      if (rng.chance(rate)) out.set(t.start, 'that');
    } else if (who && t.text === 'who') {
      // "students who need help" → "students that need help": a restrictive clause right after a common noun
      // (no comma, so ", who" stays); never after a name, a pronoun ("those who") or a preposition ("of who"),
      // and only as the clause's subject, before its verb: "asked the man who he was" asks a question.
      // Nor after a collective noun: "a family who run a farm" takes its verb in the plural, "a family that run" does not.
      // And only after a noun that names no person: "companies who sell", "the dog who barks" take "that" as well as "who",
      // but "people that can't afford it", "students that" read as a slip in writing, even where speech says them.
      if (asked || !prev || prev.pos !== 'NOUN' || s.slice(prev.end, t.start) !== ' ' || COLLECTIVE.test(prev.text) || !NOT_A_PERSON.test(prev.text)) continue;
      if (!next || !['VERB', 'AUX', 'ADV'].includes(next.pos)) continue;
      if (rng.chance(rate)) out.set(t.start, 'that');
    }
  }
  return out;
}

/** Antecedents of "who" that name no person (organisations, brands, animals, machines): "that" suits them as well. */
const NOT_A_PERSON = /^(?:compan(?:y|ies)|businesses|brands?|firms|organi[sz]ations?|institutions?|agenc(?:y|ies)|charit(?:y|ies)|startups?|retailers?|banks?|insurers?|providers?|platforms?|apps?|websites?|sites?|countries|nations|states|cities|towns|schools|universities|colleges|hospitals|clinics|shops|stores|restaurants|hotels|airlines|manufacturers?|vendors?|suppliers?|publishers?|studios?|labels?|outlets?|channels?|networks?|animals?|dogs?|cats?|pets?|horses?|birds?|species|creatures?|robots?|bots?|chatbots?|machines?|systems?|programs?|algorithms?)$/iu;

const COLLECTIVE = /^(?:family|families|team|teams|couple|staff|crew|group|committee|board|band|class|audience|government|company|council|jury|police|public|club|party|army|household|family's|firm|community|population|majority|minority|management|faculty|orchestra|choir|panel|squad|generation)$/iu;

function applySwaps(s: string, swaps: ReadonlyMap<number, string>): string {
  let out = s;
  for (const at of [...swaps.keys()].sort((a, b) => b - a)) {
    const word = /^\p{L}+/u.exec(out.slice(at))![0];
    out = out.slice(0, at) + swaps.get(at)! + out.slice(at + word.length);
  }
  return out;
}

/** A sentence that grades something or reports on health or a legal matter (see plainSmallWords' "very" → "really"). */
const GRADED = /(?<![\p{L}'’-])(?:prognosis|diagnos[ie]s|diagnosed|patients?|recovery|survival|outlook|grades?|graded|rated|ratings?|scores?|scored|marks|assessment|evaluation|condition|court|judge|verdict|defendant|plaintiff|testimony|witness|evidence|contract|lawyer|attorney|solicitor|tribunal|clinical|medical|symptoms?|treatment|surgery|doctor|nurse)(?![\p{L}'’-])/iu;

/** "the tools which help farmers" → "the tools that help farmers" (see determinerSwaps). */
export function whichToThat(s: string, tags: readonly TaggedToken[] | null, rng: Random, rate: number, who = false): string {
  const swaps = determinerSwaps(tags, rng, rate, s, who);
  return applySwaps(s, new Map([...swaps].filter(([, w]) => w === 'that')));
}

/**
 * A concessive "While X, Y" opening becomes "Although X, Y". Only where the clause states a fact in
 * the present ("While technology offers ...") and is no time clause ("While I was walking", "While
 * waiting").
 */
export function whileToAlthough(s: string, rng: Random, rate: number): string {
  const m = /^While\s+([^,;:]{8,120}),\s+(?=\p{Ll})/u.exec(s);
  if (!m) return s;
  const clause = m[1]!;
  if (/^\p{L}+ing\b|(?<![\p{L}'’-])(?:was|were|am|being|during|waiting|\p{L}+ing)(?![\p{L}'’-])/u.test(clause)) return s;
  // Only a clause that grants something ("offers freedom", "has its merits", "is true"): "While the rear cover is open, the
  // printer will not print" and "While your kidney function is reduced, …" state a condition, which "Although" reverses.
  // Not a bare "has" ("While the patient has a fever, do not give aspirin" is as long as): only "has its merits" and the like.
  if (!/(?<![\p{L}'’-])(?:(?:is|are)\s+(?:true|understandable|tempting|possible|important|useful|helpful|convenient|popular|common)|(?:has|have)\s+(?:its|their|many|some|several|clear|obvious|real|certain|undeniable)\s+(?:merits|advantages|benefits|strengths|uses|place|appeal|drawbacks|limits|limitations|charms?|points)|offers?|provides?|gives?|brings?|seems?)(?![\p{L}'’-])/u.test(clause)) return s;
  // Nor before an instruction or a rule that holds while the clause does: "…, keep them home", "…, the pump keeps running".
  const main = s.slice(m[0].length);
  if (isInstruction(main.replace(/^\p{Ll}/u, (c) => c.toUpperCase())) || /(?<![\p{L}'’-])(?:keeps?|remains?|stays?|continues?|may\s+not|must\s+not|cannot|is\s+not\s+allowed|are\s+not\s+allowed|(?:is|are)\s+allowed)(?![\p{L}'’-])/iu.test(main)) return s;
  return rng.chance(rate) ? `Although ${s.slice('While '.length)}` : s;
}

const IMPORTANT_TO = /(?<=^(?:[\p{L}'’]+(?:\s+[\p{L}'’]+){0,3},\s+|(?:[Aa]nd|[Bb]ut|[Ss]o|[Yy]et|[Tt]hat['’]s\s+why)\s+)?)([Ii])t\s+is\s+(important|essential|crucial|vital|necessary|imperative)\s+to\s+(?=(?!(?:me|us|them|him|her|you|the|a|an|our|their|his|its|my|your|this|that|these|those|many|most|all|both|every|each|some|any|society|people|everyone|anyone|someone|no|not|its)(?![\p{L}'’-]))\p{Ll}+(?<![^s]s)(?![\p{L}'’-]))/gu;
/** Advice as strong as the adjective: "important" recommends ("should"), "necessary", "essential" oblige ("need to"). */
const ADVICE: { recommend: readonly string[]; oblige: readonly string[] } = { recommend: ['you should'], oblige: ['you need to', 'you have to'] };

/**
 * A verb of knowing or saying with a "that" clause: what follows is a fact the writer states ("It is important to highlight
 * that churn fell" is the writer highlighting it, no "You should highlight that churn fell").
 */
const STATES_A_FACT = /^(?:recogni[sz]e|remember|note|understand|reali[sz]e|acknowledge|know|keep\s+in\s+mind|bear\s+in\s+mind|mention|emphasi[sz]e|stress|point\s+out|consider|appreciate|notice|highlight|reiterate|repeat|underline|underscore|clarify|state|observe|add|say)\s+that(?![\p{L}'’-])/iu;

const GENERIC_ONE = /(?<![\p{L}'’-])(?:one['’]s|oneself)(?![\p{L}'’-])/iu;

/**
 * "It is important to check X" → "You need to check X" (casual register only): only before a verb, not "important to them" or "important to the city"; only as the sentence's own
 * clause (at its start, after an opener or "and"/"but"/"so"), not in reported speech ("Harper argued that it is
 * important to …" is not "… that you have to …"); and not where the sentence speaks of "oneself" ("You need to pace
 * oneself").
 */
export function importantToAdvice(s: string, register: 'casual' | 'neutral' | 'formal', rng: Random, rate: number): string {
  // Only in a casual register: "One should understand that antibiotics …" is stilted, and makes information an instruction.
  if (register !== 'casual' || GENERIC_ONE.test(s)) return s;
  return s.replace(IMPORTANT_TO, (m: string, i: string, adjective: string, at: number) => {
    // Not after a fronted "For X," that names whom it concerns: "For young children, it is essential to get ten hours of
    // sleep" is not "For young kids, you need to get …". Nor before a fact the writer states: "It is important to
    // recognize that the Eastern Empire survived" is no advice ("You should recognize that …").
    if (/^for\s/iu.test(s.slice(0, at)) || STATES_A_FACT.test(s.slice(at + m.length))) return m;
    // Nor what others do or what befalls one: "It is important to be loved", "It is necessary to amputate his leg".
    if (/^be\s+(?:loved|liked|respected|heard|valued|accepted|understood|wanted|needed|seen|believed|trusted|supported)(?![\p{L}'’-])|^\p{L}+\s+(?:his|her|their|him|them)(?![\p{L}'’-])/iu.test(s.slice(at + m.length))) return m;
    // Nor before a second infinitive joined to the first: "It is important to practice regularly and to be patient" would
    // read "You should practice regularly and to be patient".
    if (/(?:[,;]|(?<![\p{L}'’-])(?:and|or|but|not))\s+(?:also\s+|not\s+|never\s+|always\s+)?to\s+\p{Ll}/u.test(s.slice(at + m.length))) return m;
    if (!rng.chance(rate)) return m;
    const to = rng.pick(ADVICE[adjective === 'important' ? 'recommend' : 'oblige']);
    return `${i === 'I' ? to[0]!.toUpperCase() + to.slice(1) : to} `;
  });
}

const SUBJECT = '(?:it|they|this|these|those|there|we|you|he|she|others|some|many|most|people|the\\s+\\p{L}+)';
const PRESENT = "(?:is|are|can|cannot|can't|will|may|must|should|has|have|does|do|doesn't|don't|isn't|aren't|needs|need|requires|require|offers|offer|allows|allow|provides|provide|helps|help|makes|make|gives|give|prefer|prefers|seems|seem|tends|tend|remains|remain|lacks|lack)(?![\\p{L}'’-])";
/** Not right after an opener of up to three words: "In conclusion, while …" opens with the clause; it joins none. */
const AFTER_A_CLAUSE = "(?<!(?:^|[.;:!?]\\s+)[\\p{L}'’]+(?:\\s+[\\p{L}'’]+){0,2})";
/** "as many have noted", "as we have seen": a comment on the sentence, not its cause. */
const AS_COMMENT = `(?!${SUBJECT}\\s+(?:\\p{L}+\\s+)?(?:has|have)\\s+(?:\\p{L}+ly\\s+)?(?:noted|seen|said|shown|argued|mentioned|discussed|suggested|observed|reported|explained|stated|described|found|pointed|known|learned|learnt|established|demonstrated|indicated|written|heard|claimed|announced|confirmed|warned|predicted|promised|agreed|planned)(?![\\p{L}'’-]))(?!(?:you|we)\\s+(?:can|will|may|might|shall|could)\\s+(?:see|tell|imagine|expect|guess|know|recall|remember|read)(?![\\p{L}'’-]))(?!${SUBJECT}\\s+(?:makes|make|made)\\s+(?:clear|plain)(?![\\p{L}'’-]))`;
/** "as they do every year", "as it is most weekends", "as it is here": a comparison or a manner (the verb stands for the main clause's), not a cause. */
const AS_COMPARISON = `(?!${SUBJECT}\\s+(?:do|does|did|(?:is|are|was|were)\\s*(?:[,.;:!?)]|$|(?:most|every|always|usually|often|now|today|here|there|so|shown|seen|done|described|the\\s+case|in|on|at)(?![\\p{L}'’-]))))`;
/** "as the law requires", "as the charter provides": a manner (the verb has no object), not a cause. */
const AS_MANNER = `(?!${SUBJECT}\\s+(?:\\p{L}+\\s+)?\\p{L}+\\s*(?:[,.;:!?)]|$))`;
const AS_CAUSAL = new RegExp(`${AFTER_A_CLAUSE},\\s+as\\s+${AS_COMMENT}${AS_COMPARISON}${AS_MANNER}(?=${SUBJECT}\\s+(?:\\p{L}+\\s+)?${PRESENT})`, 'gu');

/**
 * Plainer small words where the sense is the same: "very important" → "really important" (not "the
 * very first", nor "very little": "really little" means "tiny"), the adverb "only" → "just" before an amount ("only a few",
 * "only two"; not "the only", "not only", "if only",
 * "only if", nor a sentence-initial "Only then did", nor before a past form or "X after/when", nor the conjunction
 * after a comma: "born into the Mafia, only it was hidden"), "simply" → "just" (not "simply put"), a mid-sentence
 * ", however," → ", though,", ", whereas" / ", yet" → ", but", a causal ", as"
 * → ", because", "is aware that" → "knows that". (", including X" stays: "$899 per person, including flights" takes
 * flights in, "like flights" would give an example.)
 */
export function plainSmallWords(s: string, register: 'casual' | 'neutral' | 'formal', rng: Random, rate: number, solemn = false): string {
  // Each pattern is tried only where its literal word occurs: it could not match (nor draw a number) elsewhere.
  let out = !s.includes('whereas') ? s : s.replace(/,\s+whereas\s+(?=[\p{L}\uE000])/gu, (m: string) => (rng.chance(rate) ? ', but ' : m));
  // Not in formal text: "Opponents, though, argue …" in an academic essay is spoken.
  if (register !== 'formal' && out.includes('however')) out = out.replace(/(?<=\p{L}),\s+however([,.])/gu, (m: string, p: string) => (rng.chance(rate) ? `, though${p}` : m));
  // Not ", yet another …" / ", yet again": "yet" is an adverb there.
  // Only before a clause: ", yet to be completed", ", yet unknown" are the adverb.
  if (out.includes('yet')) out = out.replace(/,\s+yet\s+(?!(?:another|again|more|still)(?![\p{L}'’]))(?=(?:it|they|we|you|he|she|I|the|a|an|this|that|these|those|there|many|most|some|his|her|their|our|its|my|your|no|few|all)\s)/gu, (m: string) => (rng.chance(rate) ? ', but ' : m));
  // ", while" stays: "used for energy, while the oxygen is released" sets two facts side by side, and "but" (or a split into
  // "However, …") would make them a contrast.
  // A causal ", as it is ..." says "because"; ", as it grew" (time) stays.
  if (out.includes('as')) out = out.replace(AS_CAUSAL, (m: string) => (rng.chance(rate) ? ', because ' : m));
  // Not "aware of": "aware of her surroundings" is conscious of them, not "knows about" them.
  if (out.includes('aware')) out = out.replace(/(?<![\p{L}'’-])(is|are|am)\s+aware\s+that(?![\p{L}'’-])/gu, (m: string, be: string) =>
    (rng.chance(rate) ? `${be === 'is' ? 'knows' : 'know'} that` : m));
  if (register === 'formal') return out;
  // The everyday word in a casual register: "children" → "kids" (not the possessive, not in "children's").
  // Not where ages or doses are given ("Children aged 10 to 15 years: take 1 tablet"): a leaflet's term stays. Nor in a
  // text that mourns or reports a harm (solemnRegister): "Two kids died", "She's survived by her three kids", "thousands
  // of kids are living without enough food" make light of them.
  if (register === 'casual' && !solemn && out.includes('hildren') && !/[\p{N}\uE000-\uE019]/u.test(out)) out = out.replace(/(?<![\p{L}'’-])([Cc])hildren(?![\p{L}'’-])/gu, (m: string, c: string) => (rng.chance(rate) ? `${c === 'C' ? 'K' : 'k'}ids` : m));
  // Not "live simply and quietly", "furnished simply but elegantly": the adverb of manner.
  if (out.includes('simply')) out = out.replace(/(?<![\p{L}'’-])(?<!(?:quite|put|very)\s+)simply\s+(?!(?:put|and|but|or|yet|than)(?![\p{L}'’-]))(?=\p{Ll})/gu, (m: string) => (rng.chance(rate) ? 'just ' : m));
  // "really" only where the register is casual: "if they seem really unwell" in a patient leaflet is chatty.
  // Nor a scale's label ("satisfied or very satisfied", "very likely").
  // Nor in a sentence that grades or reports on health or a case ("The prognosis is very good", "Her grades were very good",
  // "The witness was very credible"): there "very" is the scale's word, and "really" sounds offhand.
  if (register === 'casual' && out.includes('very') && !GRADED.test(out)) out = out.replace(/(?<![\p{L}'’-])(?<!(?:the|this|that|these|those|whose|his|her|their|its|our|my|your|a|or|such|The|This|That|These|Those|His|Her|Their|Its|Our|My|Your)\s+)very\s+(?!(?:little|few|much|many|well|same|own|best|least|most|first|last|next|end|beginning|start|moment|idea|thing|person|top|bottom|heart|center|centre|middle|satisfied|dissatisfied|unsatisfied|likely|unlikely|real)(?![\p{L}'’-]))(?=\p{Ll}{3,})/gu, (m: string) => (rng.chance(rate) ? 'really ' : m));
  // Only before an amount ("only a few", "only two", "only a little slower"): elsewhere "just" changes the sense — "The
  // theorem just works for right triangles" says it works easily, "is just open on weekends" that it opened recently,
  // "The just downside" is no English.
  // Nor after a possessive: "the company's only two products" are its sole ones.
  if (out.includes('only')) out = out.replace(/(?<=\S\s+)(?<!['’]s\s+)(?<!(?:the|an?|his|her|their|its|our|my|your|if|whose|one|not|The|An?|His|Her|Their|Its|Our|My|Your|If|Whose|One|Not)\s+)(?<!,\s+)only\s+(?=an?\s+\p{L}|(?:few|one|two|three|four|five|six|seven|eight|nine|ten|twice|half|slightly)(?![\p{L}'’-])|once\s+(?:a|an|per|every|each|in)(?![\p{L}'’-])|[\p{N}\uE000-\uE019])/gu,
    (m: string) => (rng.chance(rate) ? 'just ' : m));
  return out;
}

/**
 * A causal "since" ("since they are cheaper") becomes "because"; one of time ("since 2010", "since
 * then", "since they started") stays. Causal: the clause has a present-tense verb or a modal soon
 * after, and no past form, "been" or number.
 */
export function sinceBecause(s: string, rng: Random, rate: number): string {
  // "ever since" is time.
  return s.replace(/(?<![\p{L}'’-])(?<!ever\s+)([Ss])ince\s+([^,.;:!?\uE000-\uE019]{3,80})/giu, (m: string, sc: string, clause: string) => {
    // The verb must be the clause's own: a second subject before it ("Since the merger the company has cut 400 jobs") or an
    // "and" ("since the pandemic and is still low") means "since" took a noun and the verb is the main clause's.
    const words = clause.split(/\s+/u);
    const verbAt = words.findIndex((w) => /^(?:is|are|can|cannot|can't|will|may|might|must|should|has|have|does|do|doesn't|don't|isn't|aren't|needs?|requires?|offers?|allows?|provides?|makes?|lacks?|seems?)$/iu.test(w));
    if (verbAt > 0 && words.slice(1, verbAt).some((w) => /^(?:the|a|an|this|these|those|it|they|we|you|he|she|there|many|most|some|people|his|her|their|our|its|my|your|and|or|but)$/iu.test(w) || /^\p{Lu}/u.test(w))) return m;
    const head = clause.split(/\s+/u).slice(0, 5).join(' ');
    if (!/^(?:it|they|we|you|he|she|this|these|those|there|many|most|people|the|a|an|their|our|its|his|her|such|each|every|all|no)\s/iu.test(clause)) return m;
    if (!/(?<![\p{L}'’-])(?:is|are|can|cannot|can't|will|may|might|must|should|has|have|does|do|doesn't|don't|isn't|aren't|needs?|requires?|offers?|allows?|provides?|makes?|lacks?|seems?)(?![\p{L}'’-])/iu.test(head)) return m;
    if (/(?<![\p{L}'’-])(?:been|was|were|had|did|ago|then|\p{L}+ed)(?![\p{L}'’-])|\p{N}/u.test(head) || !rng.chance(rate)) return m;
    return `${sc === 'S' ? 'B' : 'b'}ecause ${clause}`;
  });
}

const PEOPLE_OBJECT = '(?:them|us|you|him|her|me|everyone|(?:(?:the|their|our|its|your|all|many|most)\\s+)?(?:students|people|employees|children|users|customers|individuals|workers|teachers|citizens|patients|families|readers|learners|consumers|members|staff|parents|kids|visitors|clients))';
// Not "provides patients with diabetes insulin pumps": there "with" says which patients.
const WHICH_PEOPLE = '(?!(?:disabilit(?:y|ies)|diabetes|dementia|autism|cancer|asthma|allergies|children|kids|special\\s+needs|hiv|low\\s+incomes?|mental\\s+illness|chronic|learning|limited|no|little|visual|hearing)(?![\\p{L}\'’-]))';
const PROVIDE_WITH = new RegExp(`(?<![\\p{L}'’-])([Pp])rovid(es|ing|e)\\s+(${PEOPLE_OBJECT})\\s+with\\s+${WHICH_PEOPLE}(?=[\\p{L}\\uE000])`, 'giu');

/** "provides students with a chance" → "gives students a chance": only with a person as the object. */
export function provideWithToGive(s: string, rng: Random, rate: number): string {
  return s.replace(PROVIDE_WITH, (m: string, p: string, ending: string, who: string) =>
    (rng.chance(rate) ? `${p === 'P' ? 'G' : 'g'}iv${ending === 'es' ? 'es' : ending === 'ing' ? 'ing' : 'e'} ${who} ` : m));
}

/**
 * "put in place" keeps its particle after a short object, as people say it: "putting in place sustainable
 * practices across industries" → "putting sustainable practices in place across industries". An object of
 * up to four words ends at a mark, the end, or a preposition; a longer one, a clause or a coordination ("strict
 * rules and checks") stays where it is.
 */
/** Words an object of "put in place" does not start or hold: a clause, a preposition, a coordination, a verb. */
const NOT_IN_OBJECT = "(?!(?:that|which|who|to|of|in|on|at|for|across|by|with|within|over|throughout|among|from|and|or|but|is|are|was|were|after|before|during|since|until|till|last|next|overnight|yesterday|today|tomorrow|now|then|already|immediately|early|ago|recently|\\p{L}+ly)(?![\\p{L}'’-]))";
// Not before "in" ("putting the recommendations in place in this report").
const PUT_IN_PLACE = new RegExp(`(?<![\\p{L}'’-])(put|puts|putting)\\s+in\\s+place\\s+((?:${NOT_IN_OBJECT}[\\p{L}'’-]+\\s+){0,3}${NOT_IN_OBJECT}[\\p{L}'’-]+)(?=\\s*(?:[,.;:!?]|$)|\\s+(?:on|at|for|across|by|with|within|over|throughout|among|from|to)(?![\\p{L}'’-]))`, 'gu');

export function putInPlaceOrder(s: string): string {
  // Active only: "The measures were put in place last year" has no object to move.
  return s.includes('in place') ? s.replace(PUT_IN_PLACE, (m: string, put: string, object: string, at: number) =>
    (put === 'put' && /(?:is|are|was|were|be|been|being|get|gets|got|getting)\s+(?:\p{L}+ly\s+)?$/iu.test(s.slice(0, at)) ? m : `${put} ${object} in place`)) : s;
}

/**
 * "thereby" said plainly: "…, thereby improving air quality" → "…, improving air quality" (the participle already
 * says it is the result); "and thereby reduces" → "and so reduces". Elsewhere it stays.
 */
export function plainThereby(s: string): string {
  if (!s.includes('thereby')) return s;
  return s.replace(/,\s+thereby\s+(?=\p{Ll}+ing(?![\p{L}'’-]))/gu, ', ').replace(/(?<![\p{L}'’-])and\s+thereby\s+(?=\p{Ll})/gu, 'and so ');
}

/** Verbs after which people leave out the "that" of a reported clause ("I think the plan works"). */
// Not verbs that also take a thing as their object ("knew the man", "felt the stairs", "believed the story"): without
// "that" the clause's subject reads as their object first ("He felt the stairs were shaking").
const THAT_DROP_VERBS = new Set([
  'think', 'thinks', 'thought', 'say', 'says', 'said', 'hope', 'hopes', 'hoped', 'mean', 'means', 'meant', 'guess', 'suppose',
]);
/** "make sure that" in any form: "sure" after one of these. */
const MAKE_FORMS = new Set(['make', 'makes', 'made', 'making']);
/** What opens the reported clause: a subject pronoun, a determiner or "there" ("that the", "that we"; never "that man"). */
// Not "this"/"these"/"those" ("said that this morning the council …" would attach the time to "said").
const CLAUSE_OPENERS = new Set([
  'i', 'you', 'he', 'she', 'it', 'we', 'they', 'there', 'the', 'a', 'an', 'some', 'many', 'most',
  'all', 'every', 'each', 'no', 'our', 'their', 'his', 'her', 'my', 'your', 'its', 'people', 'everyone', 'everybody',
  'nobody', 'someone', 'somebody', 'something', 'nothing', 'everything',
]);
/** A time phrase after the determiner ("that the next day …"): it could belong to the verb of saying. */
const TIME_AFTER = /^(?:next|following|previous|last|same|other|day|days|morning|evening|night|week|weeks|month|months|year|years|time|moment)$/iu;

/**
 * "I think that the plan works" → "I think the plan works": the "that" of a clause reported after "think", "say",
 * "hope", "mean", "guess", "suppose" or "make sure" goes, as people leave it out. Only where the tagger reads "that" as
 * the clause's conjunction right after the verb, the clause opens with a subject ("the", "we", "there"), and a verb
 * follows within a few words: never "that man" or "said that." (a determiner, a pronoun), "so that" or "the fact that".
 */
export function dropThat(s: string, tags: readonly TaggedToken[] | null, rng: Random, rate: number): string {
  // Parallel clauses keep their "that"s: "I believe that this is true, and that we can win".
  if (!tags || rate <= 0 || /(?<![\p{L}'’-])(?:and|or|but)\s+that\s/iu.test(s)) return s;
  const drops: TaggedToken[] = [];
  for (let i = 1; i + 1 < tags.length; i++) {
    const that = tags[i]!;
    if (that.text.toLowerCase() !== 'that' || that.pos !== 'SCONJ') continue;
    const before = tags[i - 1]!;
    const verb = before.text.toLowerCase();
    const reporting = THAT_DROP_VERBS.has(verb) && (before.pos === 'VERB' || before.pos === 'AUX')
      || (verb === 'sure' && i >= 2 && MAKE_FORMS.has(tags[i - 2]!.text.toLowerCase()));
    if (!reporting || s.slice(before.end, that.start) !== ' ') continue;
    const next = tags[i + 1]!;
    if (!CLAUSE_OPENERS.has(next.text.toLowerCase()) || s.slice(that.end, next.start) !== ' ') continue;
    if (/^(?:the|a|an|every|each|all|some|no)$/iu.test(next.text) && TIME_AFTER.test(tags[i + 2]?.text ?? '')) continue;
    // "said that a lot", "said that the first time": "that" is the object; "everything she said that the papers printed": a relative.
    if (/^(?:first|second|third|last|whole|entire|lot|bit|little|few|same|one)$/iu.test(tags[i + 2]?.text ?? '')) continue;
    if (tags.slice(Math.max(0, i - 4), i - 1).some((t) => /^(?:everything|anything|something|nothing|all|what|whatever)$/iu.test(t.text))) continue;
    if (!tags.slice(i + 2, i + 8).some((t) => t.pos === 'VERB' || t.pos === 'AUX')) continue;
    if (rng.chance(rate)) drops.push(that);
  }
  let out = s;
  for (const that of drops.reverse()) out = out.slice(0, that.start) + out.slice(that.end + 1);
  return out;
}

/**
 * "However, the results were mixed." → "The results were mixed, though.": the contrast moves to the end, as people say
 * it. Only a short, plain statement: at most 16 words after "However,", no other comma, colon, quotation or
 * parenthesis, no "though" of its own, ending in a full stop.
 */
export function howeverToThough(s: string, rng: Random, rate: number, used?: Set<string>): string {
  const m = /^However,\s+(\p{L}[^,;:."“”‘’()[\]?!…\uE000-\uE019]*)\.$/u.exec(s);
  // Nor after an abbreviation, whose dot would go ("The store is closed on Sun, though.").
  if (!m || rate <= 0 || used?.has('though') || endsWithAbbreviation(s)) return s;
  const rest = m[1]!;
  // Short and plain only: a clause of its own ("when my sister was diagnosed") would take the "though"; a warning or an
  // instruction ("should not eat it") loses its force; code keeps its case ("npm ci requires …").
  if (rest.split(/\s+/u).length > 12 || /(?<![\p{L}'’-])(?:though|although|when|because|if|unless|until|after|before|since|while|whereas|should|must|never|do\s+not|don['’]t)(?![\p{L}'’-])/iu.test(rest)) return s;
  if (/^\p{Ll}/u.test(rest) && !capitalisable(rest)) return s;
  if (!rng.chance(rate)) return s;
  used?.add('though');
  return `${rest.charAt(0).toUpperCase()}${rest.slice(1)}, though.`;
}
