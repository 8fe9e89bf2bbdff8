/**
 * English sentence-level rules: machine-phrase replacement, connective openers, synonyms (variation
 * and readability), contractions and tone openers. Each works on one sentence of protected text, in
 * which placeholders (see freeze.ts) are opaque and never matched.
 */
import type { Readability } from '../../../../domain/options.js';
import { FUNCTION_WORDS } from '../text/function-words.js';
import { syllables } from '../text/measures.js';
import { tagTokens, type TaggedToken } from '../text/pos.js';
import { escapeRegExp } from '../text/regexp.js';
import { AUXILIARY_CONTRACTIONS, CONNECTIVE_OPENERS, CONNECTIVES, CONTRACTIONS, EXPANSIONS, OPENERS, PHRASE_RULES } from './english-phrases.js';
import { MAX_SYNONYM_WORDS, SYNONYMS, type SynonymEntry } from './english-synonyms.js';
import { guarded } from './english-senses.js';
import { isInstruction } from './instruction.js';
import { capitalisable } from './common-words.js';
import { determinerSwaps, echoes, OPENS_WITH_ASIDE, spendConjunction } from './english-plain.js';
import { isMachineTypical, machineLogOdds } from './machine-phrases.js';
import type { Random } from './random.js';
import type { ToneProfile } from './tone.js';

const apostrophes = (p: string): string => p.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/'/gu, "['’]");
const boundary = (body: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}'’-])${body}(?![\\p{L}\\p{N}'’-])`, 'giu');

/**
 * Text folded for the literal prefilters of the case-insensitive rules below: a pattern matched with
 * the `iu` flags can only match a text whose folded form contains the pattern's folded literal (ſ and
 * the Kelvin sign are the only non-ASCII letters that match ASCII ones; ’ stands for ' in patterns).
 * A rule whose literal is absent is skipped: it could not have matched or drawn a random number.
 */
const folded = (s: string): string => s.toLowerCase().replace(/ſ/gu, 's').replace(/’/gu, "'");

const PHRASES = [...PHRASE_RULES].sort((a, b) => b.pattern.length - a.pattern.length)
  .map((rule) => ({
    rule,
    re: rule.notAfter || rule.notBefore
      ? new RegExp(`${rule.notAfter ? `(?<!(?:^|[^\\p{L}'’])(?:${rule.notAfter})\\s+)` : ''}${boundary(apostrophes(rule.pattern)).source}${rule.notBefore ? `(?!\\s+(?:${rule.notBefore}))` : ''}`, 'giu')
      : boundary(apostrophes(rule.pattern)),
    literal: folded(rule.pattern),
  }));
/**
 * The phrases by the first two UTF-16 units of their literal when both are ASCII (index c0 * 128 + c1);
 * the others are looked for with includes (OTHER_PHRASES).
 */
const PHRASES_BY_START: Array<number[] | undefined> = new Array<number[] | undefined>(128 * 128).fill(undefined);
const OTHER_PHRASES: number[] = [];
PHRASES.forEach(({ literal }, k) => {
  const c0 = literal.charCodeAt(0);
  const c1 = literal.charCodeAt(1);
  if (literal.length < 2 || c0 >= 128 || c1 >= 128) OTHER_PHRASES.push(k);
  else (PHRASES_BY_START[c0 * 128 + c1] ??= []).push(k);
});

/** For each of PHRASES, whether the folded text contains its literal (text.includes(literal), in one pass). */
function phrasesIn(text: string): Uint8Array {
  const found = new Uint8Array(PHRASES.length);
  for (const k of OTHER_PHRASES) if (text.includes(PHRASES[k]!.literal)) found[k] = 1;
  let c1 = text.charCodeAt(0);
  for (let i = 0; i + 1 < text.length; i++) {
    const c0 = c1;
    c1 = text.charCodeAt(i + 1);
    if (c0 >= 128 || c1 >= 128) continue;
    const list = PHRASES_BY_START[c0 * 128 + c1];
    if (list === undefined) continue;
    for (const k of list) if (found[k] === 0 && text.startsWith(PHRASES[k]!.literal, i)) found[k] = 1;
  }
  return found;
}
/**
 * "it" and "you" can be objects: "organizations that embrace it will thrive" is not "embrace it'll thrive". Their
 * contractions need a subject position: the start, a mark, or a word a clause follows ("and", "because", "that", "think").
 */
const SUBJECT_POSITION = "(?<=^|[,;:(\"“—–]\\s*|(?<![\\p{L}'’])(?:and|but|or|so|because|if|when|whenever|that|since|although|though|while|whereas|as|once|until|unless|where|whether|why|how|what|now|then|than|before|after|yet|maybe|perhaps|think|know|believe|hope|guess|said|says|sure|true|clear)\\s+)";
/**
 * "Let us" is "let's" only where it proposes ("Let us begin"); "Let us know", "let us help you" ask for leave.
 */
const LET_US_SUGGESTS = "(?=\\s+(?:begin|start|go|consider|look|turn|move|hope|remember|say|assume|imagine|explore|examine|discuss|talk|think|face|try|take|get|make|focus|return|review|recap|summarize|summarise|compare|not|now|pray|proceed|celebrate|work|keep|be|all|first|dive|break|agree|stop|reflect|start|continue)(?![\\p{L}'’]))";
/** A pronoun and "be" ("it is", "they are"), which cannot contract where the verb stands for a clause left out. */
const BE_CONTRACTION = /^(?:it|that|there|they|we|you|i|he|she|what|who|here) (?:is|are|am|would|will)$/u;
/**
 * "as it is now", "than they are in Spain", "what it is that you want", "than you would with a loan": the verb is stressed
 * there, and "it's", "you'd" would drop it.
 */
const AFTER_COMPARISON = "(?<!(?:^|[^\\p{L}'’])(?:as|than|what|where|how|whatever|wherever|however|who|whoever|which)\\s+)";
/** A verb that ends its clause: "I would if I could", "They are too", "We are as well". */
const STRANDED = "(?!\\s+(?:too|either|indeed|though|as\\s+well|anyway)\\s*(?:[.!?,;:)]|$))(?!\\s+(?:if|or|and|but|unless|because|when|whenever|although)(?![\\p{L}'’-]))";
/** "Let us go" proposes only where it opens a clause: "Please let us go", "would not let us go" ask leave. */
const LET_US_OPENS = "(?<=^\\s*|[.!?:;\"“(—–]\\s*|(?<![\\p{L}'’])(?:so|now|first|next|finally|instead)\\s+)";
/** What makes a source's contraction wrong where it is followed by it: "the will not to give up", "What is it that". */
const NOT_BEFORE: Readonly<Record<string, string>> = { 'will not': "(?!\\s+to(?![\\p{L}'’]))", 'what is': "(?!\\s+it\\s+that(?![\\p{L}'’]))" };
/**
 * A pronoun after "of" is no subject of the verb after it, which goes with the quantity before: "many of you have been
 * here" is no "many of you've been here", "some of it is" no "some of it's".
 */
const AFTER_OF = "(?<!(?<![\\p{L}'’])of\\s+)";
const CONTRACT = CONTRACTIONS.map(([from, to]) => ({
  // "would not only … but" stays whole: "wouldn't only give …, but" reads as a different claim. "there is", "here is" need a
  // subject position too: "The food here is great" is no "here's". A pronoun before "will not"/"would not" that did not
  // contract stays whole too ("We will not, under any circumstances, …" is no "We'll not").
  re: new RegExp(`${/^(?:i|you|we|they|he|she|it|that|there|what|who) /u.test(from) ? AFTER_OF : ''}${/^(?:it|you|there|here) /u.test(from) ? SUBJECT_POSITION : ''}${BE_CONTRACTION.test(from) ? AFTER_COMPARISON : ''}${from === 'let us' ? LET_US_OPENS : ''}(?<![\\p{L}'’])${from.replace(/ /gu, '\\s+')}(?=\\s+[\\p{L}\\uE000])${/not$/u.test(from) ? "(?!\\s+only(?![\\p{L}'’]))" : ''}${from === 'let us' ? LET_US_SUGGESTS : ''}${BE_CONTRACTION.test(from) ? STRANDED : ''}${/ (?:will|would)$/u.test(from) ? "(?!\\s+not(?![\\p{L}'’]))" : ''}${NOT_BEFORE[from] ?? ''}`, 'giu'), to,
  // null: a source word that is not all letters, which the prefilter cannot judge.
  words: from.split(' ').every((w) => /^\p{L}+$/u.test(w)) ? from.split(' ').map(folded) : null,
}));
/** The words of the contractions' sources, numbered; each source's words as numbers. */
const CONTRACT_WORDS = new Map<string, number>();
for (const { words } of CONTRACT) for (const w of words ?? []) if (!CONTRACT_WORDS.has(w)) CONTRACT_WORDS.set(w, CONTRACT_WORDS.size);
const CONTRACT_IDS = CONTRACT.map(({ words }) => words?.map((w) => CONTRACT_WORDS.get(w)!) ?? null);
const LETTER = /\p{L}/u;
/**
 * Which of CONTRACT_WORDS are folded letter runs of a text (a run of \p{L} of its lower-cased form, ſ read as
 * s): each word of a contraction's source must be one of them to match. A run with any other non-ASCII
 * letter is none of those words.
 */
function contractWordsOf(s: string): Uint8Array {
  const t = s.toLowerCase();
  const present = new Uint8Array(CONTRACT_WORDS.size);
  let start = -1;
  let plain = true;
  let long = false;
  for (let i = 0; i <= t.length;) {
    // 0: not a letter (or the end), 1: an ASCII letter, 2: ſ, 3: another letter.
    let kind = 0;
    let width = 1;
    if (i < t.length) {
      const c = t.charCodeAt(i);
      if (c < 128) kind = c >= 97 && c <= 122 ? 1 : 0;
      else {
        const cp = t.codePointAt(i)!;
        if (cp > 0xffff) width = 2;
        kind = !LETTER.test(String.fromCodePoint(cp)) ? 0 : cp === 0x17f ? 2 : 3;
      }
    }
    if (kind !== 0) {
      if (start < 0) { start = i; plain = true; long = false; }
      if (kind === 2) long = true;
      else if (kind === 3) plain = false;
    } else if (start >= 0) {
      if (plain) {
        const word = long ? t.slice(start, i).replace(/ſ/gu, 's') : t.slice(start, i);
        const id = CONTRACT_WORDS.get(word);
        if (id !== undefined) present[id] = 1;
      }
      start = -1;
    }
    i += width;
  }
  return present;
}

/** The replacement with the source's leading capital. */
export function matchCase(source: string, replacement: string): string {
  if (replacement.length === 0) return replacement;
  if (/^\p{Lu}/u.test(source) && !/^\p{Lu}/u.test(replacement)) return replacement[0]!.toUpperCase() + replacement.slice(1);
  return replacement;
}

/** Which alternatives a readability level prefers: the plainest (fewest syllables a word) for high-school readers, any otherwise. */
export type Preference = 'short' | 'any';

function plainness(p: string): number {
  const words = p.match(/\p{L}+/gu) ?? [];
  return words.length === 0 ? 0 : words.reduce((a, w) => a + syllables(w), 0) / words.length;
}

function shortest(pool: readonly string[]): readonly string[] {
  const min = Math.min(...pool.map(plainness));
  return pool.filter((p) => plainness(p) <= min + 0.25);
}

type Alternatives = { neutral: readonly string[]; casual?: readonly string[]; formal?: readonly string[] };

/** The alternatives a register may use: its own list, else the neutral one. */
const poolOf = (register: ToneProfile['register'], alts: Alternatives): readonly string[] =>
  (register === 'casual' ? alts.casual : register === 'formal' ? alts.formal : undefined) ?? alts.neutral;

function choose(register: ToneProfile['register'], alts: Alternatives, rng: Random, prefer: Preference = 'any'): string {
  const pool = poolOf(register, alts);
  return rng.pick(prefer === 'short' ? shortest(pool) : pool);
}

/** Upper-cases the first letter of a sentence (placeholders and punctuation are skipped over). */
export function capitalizeFirst(s: string): string {
  // Not a word with a capital inside it: "iPhone", "eBay", "mRNA" keep their form.
  return s.replace(/^([^\p{L}\uE000]*)(\p{Ll})(?!\p{L}*\p{Lu})/u, (_, pre: string, ch: string) => pre + ch.toUpperCase());
}

/** Keeps a capital at the start when a rule changed the sentence's first word. */
export function keepLeadingCase(original: string, rewritten: string): string {
  return /^[^\p{L}\uE000]*\p{Lu}/u.test(original) ? capitalizeFirst(rewritten) : rewritten;
}

/**
 * Where a phrase starts a sentence in all but name: at the start, or after a mark that ends or opens something — a
 * bracket, a quotation, a colon, an emoji, list or label markup ("- [x] ", "**Note:** ", "(ii) ", "[10:32] alice: ").
 * Not after a letter, a digit, a comma or a semicolon, where it is inside a clause.
 */
const STARTS_HERE = /(?:^|[^\p{L}\p{N},;'’\s-])\s*$/u;
/**
 * A sentence that opens with a condition, a cause or a time and has reached its main clause: "If you see the message …, ",
 * "When the light turns red, ", "Because the bridge is closed, ". Not a concession ("Although …, ", "While …, "), which a
 * fact after it may follow bare.
 */
const FRONTED_CONDITION = /^\s*(?:if|unless|when|whenever|once|because|since|as\s+soon\s+as|even\s+if|in\s+case|before|after|until)(?![\p{L}'’-])[^,;:.!?]{2,200},\s*$/iu;
/** A word after "so" that makes it one of degree: "so many", "so much", "so far", "so long", "so few". */
const SO_DEGREE_NEXT = /^\s*(?:many|much|few|little|far|long|often|well|very|too|most|less|more|so)(?![\p{L}'’-])/iu;
/** An offer the writer makes: "we would be happy to …", "I'd be glad to …", "we will gladly …". */
const OFFER = /^\s*(?:we|I)(?:\s+(?:would|will)|['’](?:d|ll))\s+(?:be\s+(?:(?:very|more\s+than)\s+)?(?:happy|glad|pleased|delighted)\s+to|gladly|happily)(?![\p{L}'’-])/u;
/** What "As a result," cannot open: an instruction or an offer, neither of which a fact brings about. */
const noResult = (rest: string): boolean => isInstruction(rest) || OFFER.test(rest);
/** Marks left by a deletion, resolved once the phrases are replaced: capitalise what follows; drop the comma before. */
const CAPITALISE = '\u0001';
const DROP_COMMA = '\u0002';

/** Phrases before which a capitalised word is a name, not a field or a task: "navigate the Atlantic". */
const NAMED_AFTER: ReadonlySet<string> = new Set(['navigate the', 'navigating the', 'the landscape of', 'in the world of', 'in the realm of']);

/** Thanks or a tribute: "none of this would have been possible without the mentors who believed in me". */
const THANKS = /(?<![\p{L}'’-])(?:possible\s+without|grateful|gratitude|thankful|thank\s+you|indebted|believed\s+in\s+(?:me|us|him|her|them))(?![\p{L}'’-])/iu;
const PAST_AUXILIARY = /^(?:was|were|had|did|wasn['’]t|weren['’]t|hadn['’]t|didn['’]t)$/iu;
/** Irregular past forms, which the tagger may read as nouns after a name ("PostgreSQL overtook MySQL"). */
const IRREGULAR_PAST = /^(?:overtook|took|undertook|made|found|saw|rose|fell|grew|won|lost|went|came|became|began|said|told|gave|led|held|left|kept|met|paid|sold|outsold|spent|built|brought|bought|thought|caught|taught|fought|chose|drew|drove|flew|forgot|knew|ran|sent|stood|struck|threw|understood|wrote|broke|spoke|withdrew)$/iu;

/**
 * Whether the clause's first verb is in the past, or in the present perfect of something done ("Tom has now asked for a
 * puppy every day", "the team has grown to 40"): it reports an event. Not a state the perfect describes ("negotiations
 * have been ongoing", "infrastructure hasn't kept pace", "this offer has a limit").
 */
function reportsPast(clause: string): boolean {
  const tokens = tagTokens(clause) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (PAST_AUXILIARY.test(t.text) || IRREGULAR_PAST.test(t.text)) return true;
    if (t.pos === 'AUX') {
      if (!/^(?:has|have)$/iu.test(t.text)) return false;
      let j = i + 1;
      while (tokens[j]?.pos === 'ADV' && !/^(?:not|never)$/iu.test(tokens[j]!.text)) j++;
      return tokens[j]?.pos === 'VERB' && !/^been$/iu.test(tokens[j]!.text);
    }
    if (t.pos === 'VERB') return /ed$/iu.test(t.text);
  }
  return false;
}

/**
 * The writer's own news at the head of a clause ("I plan to major in nursing", "my commitment extends …", "this is my
 * first time …", "we pay our farmers …"): told to keep it in mind or to note it, the reader of a personal statement, a
 * cover letter or a page about a shop is given an order about the writer. A firm's limit stays a caveat the reader
 * notes ("Keep in mind that we don't ship to PO boxes").
 */
const OWN_NEWS = /^\s*(?:(?:this|it|that)\s+(?:is|was)\s+my|I|I['’](?:m|ve|d|ll)|my)(?![\p{L}'’-])/u;
const OUR_NEWS = /^\s*(?:(?:this|it|that)\s+(?:is|was)\s+our|we|we['’](?:re|ve|d|ll)|our)(?![\p{L}'’-])/u;
const LIMIT = /(?<![\p{L}'’-])(?:not|no|never|only|cannot|can['’]t|may|must|until|unless|except|excluding)(?![\p{L}'’-])|n['’]t(?![\p{L}])/iu;
const ownNews = (clause: string): boolean => OWN_NEWS.test(clause) || (OUR_NEWS.test(clause) && !LIMIT.test(clause.split(/[.;!?]/u)[0]!));
/** A line of dialogue with its tag: "“I know,” she whispered", "said the fox", "Mira crossed her arms. “And you …”". */
const SPEECH_TAG = /["”]\s*(?:,\s*)?(?:(?:he|she|I|they|we|it|\p{Lu}\p{L}+|the\s+\p{L}+)\s+)?(?:said|says|asked|asks|whispered|whispers|replied|replies|shouted|cried|called|added|adds|murmured|answered|explained|laughed|mumbled|yelled|begged)(?![\p{L}'’-])|(?<![\p{L}'’-])(?:said|says|asked|asks|whispered|replied|added)(?:\s+(?:the\s+)?\p{L}+)?\s*[,.:]\s*["“]/u;
/** How a tale opens: "Once upon a time", "Long ago", "One stormy night, …". */
const TALE_OPENING = /^\s*(?:once\s+upon\s+a\s+time|long\s+ago|once,|one\s+(?:\p{L}+\s+)?(?:day|night|morning|evening|afternoon|summer|winter)(?![\p{L}'’-]))/iu;

/**
 * Whether a text tells a story: a tale's opening, dialogue with its tags, or a narrator's past tense in two sentences of
 * three (four at least). Its events follow one another; none adds a point to an argument, so an additive connective is
 * dropped, not said another way ("Beyond this, the door of the lighthouse was open" reads as a place).
 */
export function narrativeText(text: string): boolean {
  if (TALE_OPENING.test(text) || SPEECH_TAG.test(text)) return true;
  const sentences = text.split(/(?<=[.!?]["”]?)\s+|\n+/u).filter((x) => /\p{L}/u.test(x));
  if (sentences.length < 4) return false;
  return sentences.filter((x) => reportsPast(x)).length * 3 >= sentences.length * 2;
}

/**
 * Whether "note that" or "keep in mind that" suits the clause after it. Neither before thanks ("Keep in mind
 * that none of this would have been possible without the mentors who believed in me") nor the writer's own news
 * (ownNews); nor either before a reported event ("Keep in mind that PostgreSQL overtook MySQL", "… that no customer
 * data was exposed", "Note that Dad never missed a single one of our baseball games" in a eulogy): one keeps in mind or
 * notes what holds now or later, a rule or a caveat, not the news itself.
 */
function worthNoting(clause: string): boolean {
  return !THANKS.test(clause) && !ownNews(clause) && !reportsPast(clause);
}

/**
 * The ordinals of a list of points ("Firstly, … Secondly, … Thirdly, …"): each list of a text says them again, so their
 * replacements may repeat ("First, … Second, …" in one section and the next); kept, the second list would read "First,
 * … Secondly, … Thirdly, …".
 */
const ORDINAL_RULE = /^(?:firstly|secondly|thirdly|fourthly|lastly),$/u;

/** Whether position `at` of `s` opens the sentence (only spaces, quotes or a bracket before it). */
const atStartOf = (s: string, at: number): boolean => /^[\s"“‘'(]*$/u.test(s.slice(0, at));

/**
 * Replaces machine-typical phrases; deleting one at the start of a sentence re-capitalises it. `used` holds the
 * connectives already put in elsewhere in the text (and the tone's openers): a connective replacement is not repeated
 * ("Beyond this, … Beyond this, …"); another alternative, or none, is taken instead.
 */
export function replacePhrases(s: string, register: ToneProfile['register'], rng: Random, prefer: Preference = 'any', used?: Set<string>): string {
  let found = phrasesOf(s);
  // No phrase: no draw, and the result is a function of the sentence alone.
  if (found === null) return tidiedOf(s);
  let out = s;
  for (let k = 0; k < PHRASES.length; k++) {
    if (found[k] === 0) continue;
    const { rule, re } = PHRASES[k]!;
    const next = out.replace(re, (m: string, ...args: unknown[]) => {
      let to = choose(register, rule, rng, prefer);
      // "Keep in mind that" and "note that" once a text: an FAQ whose every "It is important to note that" took it read
      // "Keep in mind that" six times; after the first the frame is dropped.
      if (rule.imperative && to !== '' && used?.has(to)) to = '';
      if (used && to.endsWith(',') && used.has(to.toLowerCase()) && !ORDINAL_RULE.test(rule.pattern)) {
        const pool = poolOf(register, rule);
        // None left: the phrase as written, not the same connective once more ("As a result," for every "Consequently,").
        const free = pool.find((p) => p.endsWith(',') && !used.has(p.toLowerCase())) ?? (pool.includes('') ? '' : null);
        if (free === null) return m;
        to = free;
      }
      const at = args.find((a): a is number => typeof a === 'number')!;
      const before = out.slice(0, at);
      if (rule.imperative && to !== '' && !worthNoting(out.slice(at + m.length))) to = '';
      // "So many observers considered …" reads as "that many": before a word of quantity or degree "so" is no connective.
      if (to === 'so' && SO_DEGREE_NEXT.test(out.slice(at + m.length))) to = poolOf(register, rule).find((p) => p !== 'so' && p !== '') ?? m;
      // Thanks are no summing-up nor the last of a list: "In conclusion, thank you." is no "All in all, thank you.", and
      // "Lastly, thank you for your patience." no "Last, thank you …".
      if ((to === 'all in all,' || to === 'last,') && THANKS.test(out.slice(at + m.length))) {
        to = poolOf(register, rule).find((p) => p !== 'all in all,' && p !== 'last,' && !used?.has(p.toLowerCase())) ?? m;
      }
      // "As a result," gives a fact's cause, so no instruction follows it ("As a result, consider putting your phone in
      // another room"), nor an offer ("As a result, we would be happy to send you a replacement"): another word, or the
      // phrase stays.
      if (to === 'as a result,' && noResult(out.slice(at + m.length).trimStart())) {
        const other = poolOf(register, rule).find((p) => p !== to && p !== "that's why" && p !== '' && !used?.has(p.toLowerCase()));
        if (other === undefined) return m;
        to = other;
      }
      // "So" and "But" at most twice a text (spendConjunction): then another word, or the phrase stays.
      if ((to === 'so' || to === 'but') && atStartOf(out, at) && !spendConjunction(used, to)) {
        const other = poolOf(register, rule).find((p) => p !== to && p.endsWith(',') && !used?.has(p.toLowerCase()));
        if (other === undefined) return m;
        to = other;
      }
      // "What's more" adds a fact, not a step: "What's more, avoid using a straw" reads wrong where "Plus, avoid …" does not.
      if (to === "what's more," && isInstruction(out.slice(at + m.length).trimStart())) {
        to = poolOf(register, rule).find((p) => p !== to && p.endsWith(',') && !used?.has(p)) ?? '';
      }
      // Not a connective that the next words echo: "Beyond this, this guarantee …", "On top of that, … in addition to …".
      if (to.endsWith(',') && echoes(to, out.slice(at + m.length))) {
        const after = out.slice(at + m.length);
        const pool = poolOf(register, rule);
        const other = pool.find((p) => p.endsWith(',') && !used?.has(p.toLowerCase()) && !echoes(p, after));
        if (other === undefined && !pool.includes('')) return m;
        to = other ?? '';
      }
      // A name or a title: "navigate the Atlantic", "the landscape of Tuscany", a capital inside the phrase ("In Order to").
      if (/\p{Lu}/u.test(m.slice(1)) || (NAMED_AFTER.has(rule.pattern) && /^\s+\p{Lu}/u.test(out.slice(at + m.length)))) return m;
      // A literal hand: "With a cup in one hand and a phone on the other hand, …".
      if (rule.pattern === 'on the other hand,' && /(?<![\p{L}'’-])(?:in|with)\s+(?:one|her|his|my|your|their|a)\s+hand(?![\p{L}'’-])/iu.test(before)) return m;
      // A parenthetical connective ("the triplet, on the other hand, is caused …", "the second option, moreover, uses
      // …") is dropped with its commas or stays: a conjunction there ("the triplet, but is caused …") would cut the
      // clause in two, and "option, plus, uses" reads as a list.
      if (m.endsWith(',') && /,\s*$/u.test(before)) return to === '' ? DROP_COMMA : m;
      const atStart = STARTS_HERE.test(before);
      // After an opening condition or time ("If you see the message …, it is worth noting that passwords are
      // case-sensitive") the phrase holds the fact apart from it: dropped, the condition would govern the fact ("If you see
      // …, passwords are case-sensitive"). An instruction says it ("…, keep in mind that passwords …"), or the phrase stays.
      // A past event under a time or a cause goes bare as before ("When we arrived, the pool was closed"): it happened under
      // it, and an instruction would not fit ("When we arrived, note that the pool was closed").
      if (!atStart && rule.imperative && FRONTED_CONDITION.test(before) && !reportsPast(out.slice(at + m.length))) {
        const said = poolOf(register, rule).find((p) => p !== '' && worthNoting(out.slice(at + m.length)));
        return said === undefined ? m : matchCase(m, said);
      }
      // "Note that …" and "keep in mind that …" are instructions: inside a clause ("I believe it is important to note
      // that I was wrong") the phrase goes without one.
      if (!atStart && rule.imperative) return '';
      if (to === '' && atStart) {
        const rest = out.slice(at + m.length);
        if (/^\s*\p{Lu}/u.test(rest) || /^\s*$/u.test(rest)) return '';
        if (capitalisable(rest)) return at === 0 ? '' : CAPITALISE;
        // What follows is code, a symbol or a variable: a kept word before it spares it a capital.
        const fresh = poolOf(register, rule).find((p) => p !== '' && !used?.has(p.toLowerCase()) && (!rule.imperative || worthNoting(rest)));
        if (fresh === undefined) return m;
        to = fresh;
      }
      if (used && (to.endsWith(',') || (rule.imperative && to !== ''))) used.add(to.toLowerCase());
      return matchCase(m, to);
    });
    if (next !== out) { out = next; found = phrasesIn(folded(out)); }
  }
  if (out.includes(CAPITALISE) || out.includes(DROP_COMMA)) {
    out = out.replace(/\u0001\s*(\p{Ll})/gu, (_, ch: string) => ch.toUpperCase()).replace(/\s*,\s*\u0002\s*/gu, ' ').replace(/[\u0001\u0002]\s*/gu, '');
  }
  // A replacement after an article may need the other one: "an ever-changing market" → "a changing market".
  return out === s ? tidied(s, out) : tidied(s, fixArticles(out));
}

/**
 * The end of replacePhrases: spaces and commas left by a deletion tidied, the leading capital kept. A space
 * before a mark that the sentence already had is not the deletion's: "find . -name" stays as it is.
 */
function tidied(s: string, out: string): string {
  let t = out.replace(/\s{2,}/gu, ' ');
  if (!/\s[,.;:!?]/u.test(s)) t = t.replace(/\s+([,.;:!?])/gu, '$1');
  t = t.replace(/^[\s,]+/u, '');
  return t === s ? s : keepLeadingCase(s, t);
}

/**
 * Per sentence, which phrases its folded text contains (null: none) and, when none, what replacePhrases
 * returns. The candidates of a request meet the same sentences; bounded like the synonym scans.
 */
const phraseMemo = new Map<string, { found: Uint8Array | null; tidied?: string }>();
function phraseEntry(s: string): { found: Uint8Array | null; tidied?: string } {
  let e = phraseMemo.get(s);
  if (e === undefined) {
    const found = phrasesIn(folded(s));
    e = { found: found.includes(1) ? found : null };
    if (phraseMemo.size >= SCAN_CACHE_SIZE) phraseMemo.clear();
    phraseMemo.set(s, e);
  }
  return e;
}
const phrasesOf = (s: string): Uint8Array | null => phraseEntry(s).found;
function tidiedOf(s: string): string {
  const e = phraseEntry(s);
  return e.tidied ??= tidied(s, s);
}

/** Rewrites a stock connective that opens the sentence ("However, ..."). */
export function replaceConnectiveOpener(s: string, register: ToneProfile['register'], rng: Random, prefer: Preference = 'any', used?: Set<string>): string {
  const m = /^(\p{L}+),\s+/u.exec(s);
  if (!m) return s;
  const alts = CONNECTIVE_OPENERS[m[1]!.toLowerCase()];
  if (!alts) return s;
  const rest = s.slice(m[0].length);
  const word = m[1]!.toLowerCase();
  // "Therefore, what should we do?", "Thus, please …", "Hence, never …", "Hence the name.": a question, a request or an
  // inversion after a causal connective, or a short phrase without a verb, keeps it.
  if (/^(?:therefore|thus|hence|accordingly)$/u.test(word) && (/\?["'”’)]*\s*$/u.test(rest) || /^(?:please|not\s+only|never|rarely|seldom|only|little|hardly)(?![\p{L}'’-])/iu.test(rest)
    || (word === 'hence' && !(tagTokens(rest) ?? []).some((t) => t.pos === 'VERB' || t.pos === 'AUX')))) return s;
  let replacement = choose(register, alts, rng, prefer);
  // "However, do not …" is no "Yet do not …": an instruction keeps "However,".
  if (word === 'however' && replacement === 'yet' && (isInstruction(rest) || /^(?:do\s+not|don['’]t|never|please)(?![\p{L}'’-])/iu.test(rest))) replacement = 'however,';
  // "That's why" states a fact's cause, so no instruction follows it ("That's why if you cannot reach it, use a taller
  // ladder"): "so" says it. Nor "so" before a word of degree ("So many observers …").
  if (replacement === "that's why" && isInstruction(rest)) replacement = 'so';
  // Nor does "As a result," ("As a result, set a clear end to your workday", "As a result, we would be happy to send you
  // a replacement"): "for this reason," or "so" says it.
  if (replacement === 'as a result,' && noResult(rest)) replacement = poolOf(register, alts).find((p) => p !== 'as a result,' && p !== "that's why" && p !== '') ?? `${word},`;
  if (replacement === 'so' && SO_DEGREE_NEXT.test(rest)) replacement = poolOf(register, alts).find((p) => p !== 'so' && p !== '' && p !== "that's why") ?? m[1]!.toLowerCase() + ',';
  // Dropped, it would leave code or a symbol to take the capital ("Importantly, npm …", "Indeed, n = 50 …").
  if (replacement === '' && !/^\p{Lu}/u.test(rest) && !capitalisable(rest)) {
    replacement = poolOf(register, alts).find((p) => p !== '') ?? m[1]!.toLowerCase() + ',';
  }
  // Not one more of a connective the text already has or the rewrite already put in ("As a result," five times in an
  // essay whose "Therefore," and "Consequently," all became it), nor a third "So" or "But": another of the words that
  // fit, or the connective as written.
  if (used !== undefined && replacement !== `${word},`) {
    const spent = (r: string): boolean => (r === 'so' || r === 'but' ? used.has(`${r}#2`) : r !== '' && used.has(r));
    if (spent(replacement)) {
      const other = poolOf(register, alts).find((p) => p !== `${word},` && !spent(p) && !(p === "that's why" && isInstruction(rest))
        && !(p === 'as a result,' && noResult(rest)) && !(p === 'so' && SO_DEGREE_NEXT.test(rest)) && (p !== '' || /^\p{Lu}/u.test(rest) || capitalisable(rest)));
      if (other === undefined) return s;
      replacement = other;
    }
    if (replacement === 'so' || replacement === 'but') spendConjunction(used, replacement);
    else if (replacement !== '') used.add(replacement);
  }
  // A clause set off by commas after a connective without its own comma keeps its opening comma ("That's why, although …").
  const aside = replacement !== '' && !replacement.endsWith(',') && OPENS_WITH_ASIDE.test(rest);
  return keepLeadingCase(s, replacement ? `${replacement}${aside ? ',' : ''} ${rest}` : rest);
}

export interface SynonymOptions {
  rate: number; readability: Readability; repeated: ReadonlySet<string>; variation?: number;
  /** Chance of the which → that and each → every swaps (english-plain.ts), read off the same tagging. */
  determiners?: number;
  /** Whether a restrictive "who" after a noun may become "that" too (not in formal registers). */
  relativeWho?: boolean;
  /** Not a casual register: no everyday word as a target ("upsides", "big", "get", "talk about"; see INFORMAL). */
  formal?: boolean;
  /**
   * The sentences before and after this one: no target a neighbour already says ("a crucial skill. Here are some key
   * strategies" is not "a key skill. Here are some key strategies").
   */
  neighbours?: string;
}

/**
 * Plain words of the same sense that are too colloquial for any but a casual register: a formal or professional
 * rewrite keeps "advantages", "large" and "obtain" rather than say "upsides", "big", "get" (a cover letter about
 * "analyzing big datasets" or the chance "to talk about how my skills fit" reads as careless).
 */
const INFORMAL: ReadonlySet<string> = new Set(['maybe', 'picked', 'make sure', 'makes sure', 'making sure', 'really', 'basically', 'upsides', 'downsides', 'worries', 'big', 'bigger', 'huge', 'tough', 'get', 'gets',
  'getting', 'dig into', 'digs into', 'digging into', 'look at', 'looks at', 'looking at', 'looked at', 'talk about', 'talks about',
  'talking about', 'talked about', 'tackle', 'tackling', 'kids', 'think about']);

/** A sentence that hedges already ("likely", "perhaps", "may", "arguably", "seems", a condition): no hedge is added. */
export const HEDGED_ALREADY = /(?<![\p{L}'’-])(?:likely|unlikely|probably|possibly|perhaps|may|might|could|arguably|seems?|appears?|suggests?|indicates?|if|unless|whether)(?![\p{L}'’-])/iu;

const STARTS_WITH_CONNECTIVE = new RegExp(`^(?:${CONNECTIVES.join('|')})(?![\\p{L}'’])`, 'iu');

/** Whether a sentence opens with a connective or discourse marker ("Therefore ...", "Overall ..."). */
export function startsWithConnective(s: string): boolean { return STARTS_WITH_CONNECTIVE.test(s); }

/** A sentence that opens with one of the tones' openers ("Honestly, …", "Truth be told, …"). */
const TONE_OPENER_START = new RegExp(`^(?:${[...new Set(Object.values(OPENERS).flat())].join('|')})\\s`, 'iu');

/**
 * Whether one sentence in five or more already opens with a tone opener (a text humanized before): no more are
 * added, so rewriting a rewrite does not pile them up.
 */
export function openersSaturate(sentences: readonly string[]): boolean {
  return sentences.filter((s) => TONE_OPENER_START.test(s)).length * 5 >= sentences.length;
}

const PROTECTED_CHAR = /[\uE000-\uE019]/u;

/**
 * First words of the synonym sources, for skipping words no source starts with. A source can only be
 * found where its first word is a whole word of the sentence when that word is ASCII and one token on
 * its own; if any source breaks that, nothing is skipped (null).
 */
const SOURCE_STARTS: ReadonlySet<string> | null = (() => {
  const firsts = [...SYNONYMS.keys()].map((k) => k.split(' ')[0]!);
  return firsts.every((w) => /^[a-z]+(?:['-][a-z]+)*$/u.test(w)) ? new Set(firsts) : null;
})();
const isMachineTarget = (w: string): boolean => isMachineTypical(w);

/**
 * The member to put in place of group[index], or null to keep it. High-school pulls towards the plain
 * end; doctorate keeps the formal words it finds (it swaps only machine-typical ones). No level makes a
 * plain word fancier: plain words carry senses their formal partners lack ("get better" is not "acquire
 * better", "have to" not "possess to", "cut the bread" not "reduce the bread"). Otherwise the member that
 * reads most human (lowest machine log-odds learnt from the data) wins, when it reads more human than the
 * word itself; a machine-typical word goes to a plainer member when there is one.
 */
function pickTarget(group: readonly string[], index: number, o: SynonymOptions, forced: boolean, rng: Random): string | null {
  const options = group.map((w, i) => ({ w, i, odds: machineLogOdds(w) })).filter(({ w, i }) => i !== index && !isMachineTarget(w) && !(o.formal && INFORMAL.has(w)));
  if (options.length === 0) return null;
  const plainest = options.reduce((a, b) => (b.i < a.i ? b : a));
  if (o.readability === 'high-school' && index > plainest.i && rng.chance(0.9)) return plainest.w;
  if (o.readability === 'doctorate' && !forced) return null;
  const own = machineLogOdds(group[index]!);
  const mostHuman = (xs: typeof options) => xs.reduce((a, b) => (b.odds < a.odds || (b.odds === a.odds && b.i < a.i) ? b : a));
  // Only towards the plain end of the group: the data's log-odds mix senses ("alterations" reads more
  // human than "changes" only because of tailoring), so a plain word never becomes a fancier one.
  const plainer = options.filter((x) => x.i < index);
  // Never towards a fancier word, even for a machine-typical one: "result" → "outcome" ("The outcome was negative").
  if (plainer.length === 0) return null;
  if (forced) return mostHuman(plainer).w;
  const best = mostHuman(plainer);
  if (best.odds < own - 0.1 && rng.chance(o.rate)) return best.w;
  // The stronger modes also vary wording for its own sake, never towards a machine-typical word.
  const plain = plainer.filter((x) => x.odds < 1 && x.odds <= own);
  return plain.length > 0 && rng.chance(o.variation ?? 0) ? rng.pick(plain).w : null;
}

/**
 * What replaceSynonyms reads from a sentence before it draws a number: its words, which of them can
 * start a synonym source, and (once needed) their tags. The candidates of a request rewrite the same
 * sentences, so scans are kept per sentence text; they are shared and never changed once made.
 */
interface SynonymScan {
  tokens: RegExpMatchArray[];
  starts: boolean[];
  any: boolean;
  /** Whether some run of words is a synonym source, whatever its tag (when not, no tags are needed). */
  source: boolean;
  /** Whether a "which"/"each"/"Each" or a "who" occurs. */
  determiner: boolean;
  who: boolean;
  /** fixArticles of the sentence itself, once needed. */
  fixed?: string;
  tagged?: readonly TaggedToken[] | null;
  posAt?: ReadonlyMap<number, TaggedToken>;
  /**
   * Per token, the runs of words starting at it that are a source with an entry in the tagged part of
   * speech and may be swapped, longest first, up to the first that may not (a name, a fragment of a
   * protected span, an adjectival participle, a guarded sense); null: none. Made once tagged.
   */
  sources?: Array<readonly SourceRun[] | null>;
}
interface SourceRun { n: number; raw: string; key: string; entries: readonly SynonymEntry[] }

/** The source runs of every token of a tagged sentence (what replaceSynonyms's loop looks up per token). */
function sourceRuns(s: string, scan: SynonymScan, posAt: ReadonlyMap<number, TaggedToken>): Array<readonly SourceRun[] | null> {
  const { tokens } = scan;
  return tokens.map((first, i) => {
    if (!scan.starts[i]) return null;
    const runs: SourceRun[] = [];
    for (let n = Math.min(MAX_SYNONYM_WORDS, tokens.length - i); n >= 1; n--) {
      const last = tokens[i + n - 1]!;
      const raw = s.slice(first.index!, last.index! + last[0].length);
      if (n > 1 && /\s{2,}|[^\p{L}\s'’-]/u.test(raw)) continue;
      const key = raw.toLowerCase().replace(/\s+/gu, ' ').replace(/’/gu, "'");
      const tag = posAt.get(first.index!);
      const entries = SYNONYMS.get(key)?.filter((e) => tag && tag.end === first.index! + first[0].length && e.pos === tag.pos);
      if (!entries || entries.length === 0) continue;
      // Capitalised words inside a sentence are names, and words glued to a protected span are
      // fragments of it: never touched. Each of these ends the search at this token.
      if (i > 0 && /^\p{Lu}/u.test(raw)) break;
      if (PROTECTED_CHAR.test(s[first.index! - 1] ?? '') || PROTECTED_CHAR.test(s[last.index! + last[0].length] ?? '')) break;
      if (entries[0]!.pos === 'VERB' && adjectivalParticiple(scan.tagged!, tag!)) break;
      if (guarded(key, s.slice(0, first.index!), s.slice(last.index! + last[0].length))) break;
      if (!contextFits(entries[0]!.pos, s.slice(0, first.index!), s.slice(last.index! + last[0].length))) break;
      // A noun right before another noun modifies it ("decision methods", "problem areas"): such pairs are
      // set phrases, and the plain partner rarely makes one ("choice methods").
      const next = tokens[i + n];
      if (entries[0]!.pos === 'NOUN' && next && posAt.get(next.index!)?.pos === 'NOUN' && s.slice(last.index! + last[0].length, next.index!) === ' ') break;
      runs.push({ n, raw, key, entries });
    }
    return runs.length > 0 ? runs : null;
  });
}
const SCAN_CACHE_SIZE = 4096;
const scans = new Map<string, SynonymScan>();

function scanOf(s: string): SynonymScan {
  const known = scans.get(s);
  if (known) return known;
  const tokens = [...s.matchAll(/\p{L}+(?:['’-]\p{L}+)*/gu)];
  const starts = tokens.map((t) => {
    if (!SOURCE_STARTS) return true;
    const w = t[0].toLowerCase();
    return SOURCE_STARTS.has(w.includes('’') ? w.replace(/’/gu, "'") : w);
  });
  const scan: SynonymScan = {
    tokens, starts, any: starts.includes(true), source: hasSource(s, tokens, starts),
    determiner: tokens.some((t) => t[0] === 'which'), who: tokens.some((t) => t[0] === 'who'),
  };
  if (scans.size >= SCAN_CACHE_SIZE) scans.clear();
  scans.set(s, scan);
  return scan;
}

/** Whether some run of words replaceSynonyms looks up is a key of SYNONYMS (the same runs and keys as its loop). */
function hasSource(s: string, tokens: readonly RegExpMatchArray[], starts: readonly boolean[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (!starts[i]) continue;
    for (let n = Math.min(MAX_SYNONYM_WORDS, tokens.length - i); n >= 1; n--) {
      const first = tokens[i]!;
      const last = tokens[i + n - 1]!;
      const raw = s.slice(first.index!, last.index! + last[0].length);
      if (n > 1 && /\s{2,}|[^\p{L}\s'’-]/u.test(raw)) continue;
      if (SYNONYMS.has(raw.toLowerCase().replace(/\s+/gu, ' ').replace(/’/gu, "'"))) return true;
    }
  }
  return false;
}

/** Words after which a word is a verb, whatever the tagger says: "could result in", "may challenge", "they issue". */
const BEFORE_A_VERB = /(?:^|[^\p{L}'’])(?:can|could|may|might|must|shall|should|will|would|to|not|never|i|you|we|they|he|she|it|who)\s+$/iu;
/** "that"/"which" then a word then an object: the word is a verb ("views that challenge our notions"). */
const RELATIVE_BEFORE = /(?:^|[^\p{L}'’])(?:that|which|and|or)\s+$/iu;
/** Words after which a word is an adjective: "a more objective view" is not "a more goal view". */
const BEFORE_AN_ADJECTIVE = /(?:^|[^\p{L}'’])(?:more|most|less|least|very|so|too|quite|rather|fairly|highly|truly)\s+$/iu;
const OBJECT_AFTER = /^\s+(?:the|a|an|our|their|his|her|its|my|your|this|these|those|us|them|me|him|it|people|students)(?![\p{L}'’])/iu;
/** Words after which a word is a noun: "the use", "their needs". */
const BEFORE_A_NOUN = /(?:^|[^\p{L}'’])(?:a|an|the|this|these|those|my|your|his|her|its|our|their|every|each|no)\s+$/iu;

/**
 * Whether the words around a source agree with its group's part of speech. The tagger reads a few
 * words wrongly in a context a plain rule reads right: a verb after a modal, "to", a subject pronoun
 * or a relative pronoun or "and" with an object after it ("This could result in" is not "This could outcome in",
 * "ideas that challenge our views" not "that problem our views"); an adjective after "more", "very"
 * ("a more objective view" is not "a more goal view"); a noun after a determiner.
 */
function contextFits(pos: SynonymEntry['pos'], before: string, after: string): boolean {
  // A possessive apostrophe belongs to the word's form: "individuals’ states" is not "people’ states".
  if (/^['’]/u.test(after)) return false;
  if (pos === 'NOUN') {
    return !BEFORE_A_VERB.test(before) && !BEFORE_AN_ADJECTIVE.test(before) && !(RELATIVE_BEFORE.test(before) && OBJECT_AFTER.test(after));
  }
  if (pos === 'VERB') return !BEFORE_A_NOUN.test(before);
  return true;
}

/** Targets that cannot take an infinitive after them. */
const NOT_BEFORE_TO: ReadonlySet<string> = new Set(['needed']);

/**
 * Swaps words for group members, only where the tagger reads the word in the group's part of speech.
 * Machine-typical words are always replaced; words the document repeats are replaced more often;
 * high-school pushes towards the plain end, doctorate keeps formal words (pickTarget).
 */
export function replaceSynonyms(s: string, o: SynonymOptions, rng: Random): string {
  const scan = scanOf(s);
  // With no word that can start a source, the sentence comes back as fixArticles leaves it (or as it is
  // when the tagger cannot line it up): when those are the same, no tags are needed.
  // "which"/"each" swaps draw random numbers only where those words occur.
  const wantsDeterminers = !!o.determiners && (scan.determiner || (!!o.relativeWho && scan.who));
  // Without a source (whatever the tags) the loop below changes nothing either.
  if (!scan.source && !wantsDeterminers && (scan.fixed ??= fixArticles(s)) === s) return s;
  if (scan.tagged === undefined) {
    scan.tagged = tagTokens(s);
    scan.posAt = new Map<number, TaggedToken>((scan.tagged ?? []).map((t) => [t.start, t]));
  }
  const tagged = scan.tagged;
  if (!tagged) return s;
  const posAt = scan.posAt!;
  const sources = scan.sources ??= sourceRuns(s, scan, posAt);
  const swaps = wantsDeterminers ? determinerSwaps(tagged, rng, o.determiners!, s, o.relativeWho) : null;
  const tokens = scan.tokens;
  let out = '';
  let pos = 0;
  for (let i = 0; i < tokens.length; i++) {
    const swap = swaps?.get(tokens[i]!.index!);
    if (swap !== undefined) {
      out += s.slice(pos, tokens[i]!.index!) + swap;
      pos = tokens[i]!.index! + tokens[i]![0].length;
      continue;
    }
    const runs = sources[i];
    if (!runs) continue;
    for (const { n, raw, key, entries } of runs) {
      const first = tokens[i]!;
      const last = tokens[i + n - 1]!;
      const entry = entries[0]!;
      const forced = isMachineTarget(key);
      const rate = o.repeated.has(key) ? Math.min(1, o.rate * 2.5) : o.rate;
      const target = pickTarget(entry.group, entry.index, { ...o, rate }, forced, rng);
      if (!target) break;
      // "It is essential to act" → "It is needed to act" is not English: no such target before "to".
      if (NOT_BEFORE_TO.has(target) && /^\s+to(?![\p{L}])/u.test(s.slice(last.index! + last[0].length))) break;
      // "more difficult" is not "more hard": a one-syllable adjective compares with -er / -est.
      if (entry.pos === 'ADJ' && MORE_BEFORE.test(s.slice(0, first.index!)) && oneSyllable(target)) break;
      // Not a word the sentence already has close by: "a large and significant change" is not "a big and big change".
      if (nearby(out + s.slice(pos, first.index!), s.slice(last.index! + last[0].length), target) || (o.neighbours && hasWord(o.neighbours, target))) break;
      out += s.slice(pos, first.index!) + matchCase(raw, target);
      pos = last.index! + last[0].length;
      i += n - 1;
      break;
    }
  }
  const result = out + s.slice(pos);
  return result === s ? (scan.fixed ??= fixArticles(s)) : fixArticles(result);
}

const MORE_BEFORE = /(?:^|[^\p{L}'’])(?:more|most)\s+$/iu;

/** A single word of one syllable ("hard", "big", "huge", "key"): vowel groups, a final silent e not counted. */
function oneSyllable(word: string): boolean {
  if (word.includes(' ')) return false;
  const groups = word.toLowerCase().replace(/(?<=[^aeiouy])e$/u, '').match(/[aeiouy]+/gu) ?? [];
  return groups.length <= 1;
}

/** Whether `word` occurs within about eight words before (in what is written so far) or after a swap. */
function nearby(before: string, after: string, word: string): boolean {
  // "really" beside "real" echoes as much as a repeat ("whether participants really believed the shocks were real").
  return hasWord(`${before.slice(-60)} ${after.slice(0, 60)}`, word.toLowerCase() === 'really' ? 'real' : word);
}

/** Whether a text has a word (or a phrase) as a whole word, whatever its case. */
export function hasWord(text: string, word: string): boolean {
  const lower = word.toLowerCase();
  const around = text.toLowerCase();
  for (let at = around.indexOf(lower); at !== -1; at = around.indexOf(lower, at + 1)) {
    if (!/[\p{L}'’-]/u.test(around[at - 1] ?? ' ') && !/[\p{L}'’-]/u.test(around[at + lower.length] ?? ' ')) return true;
  }
  return false;
}

/**
 * A past participle used as an adjective before a noun ("the required courses", "Increased demand"):
 * verb groups do not hold for it ("needed courses" says something else), so it is left alone.
 */
function adjectivalParticiple(tagged: readonly TaggedToken[], tag: TaggedToken): boolean {
  if (!/ed$/iu.test(tag.text)) return false;
  const i = tagged.indexOf(tag);
  const next = tagged[i + 1];
  const prev = tagged[i - 1];
  return next !== undefined && (next.pos === 'NOUN' || next.pos === 'ADJ') && (prev === undefined || !['AUX', 'PRON', 'NOUN', 'PROPN'].includes(prev.pos));
}

/** "a" / "an" agreement after a replacement changed the following word. */
export function fixArticles(s: string): string {
  return s
    // Not the letter "a" ("The letter a is a vowel"), nor "a ukulele", "a uvula", "a urea test", "a ewe".
    .replace(/(^|[^\p{L}\p{N}'’])(a|(?<=^|[.!?"“(]\s*)A) (?!(?:and|or|nor|but|is|as)(?![\p{L}]))(?=(?!one(?![\p{L}])|once(?![\p{L}])|ewe|ouija)(?:[aeio]|u(?!ni(?![nmdr])|nan|s[eua]|r[aoi]|t[eio]|bi|k|v|rea|re[at])|hour|honest|honou?r|heir)\p{L}*)/gu, (_, pre: string, a: string) => `${pre}${a}n `)
    // Nor a letter said by its name ("an mRNA vaccine", "an x-ray", "an n-gram").
    .replace(/(^|[^\p{L}\p{N}'’])(a|(?<=^|[.!?"“(]\s*)A)n (?=(?!hour|honest|honou?r|heir)[b-df-hj-np-tv-z](?![-\p{Lu}\s]|$)|u(?:ni(?![nmdr])|nan|s[eua]|r[aoi]|t[eio]|bi)|eu|one\b)/gu, (_, pre: string, a: string) => `${pre}${a} `);
}

/**
 * Puts back the article the text itself wrote before a word ("a utopia", "an honor", "a one-off"): fixArticles reads
 * spelling, not sound, so it is trusted only with pairs a rewrite made.
 */
export function keepOwnArticles(out: string, original: string): string {
  if (out === original || !/(?:^|[^\p{L}])an?\s/iu.test(out)) return out;
  let own: Set<string> | null = null;
  return out.replace(/(^|[^\p{L}\p{N}'’])(an?|An?)(\s+)(\p{L}[\p{L}-]*)/gu, (m: string, pre: string, article: string, space: string, word: string) => {
    own ??= articlePairs(original);
    const other = article.length === 2 ? article[0]! : `${article}n`;
    const key = (a: string): string => `${a.toLowerCase()} ${word.toLowerCase()}`;
    return own.has(key(other)) && !own.has(key(article)) ? `${pre}${other}${space}${word}` : m;
  });
}

/**
 * Every "a"/"an" + word a text writes, lower-cased ("a one-off" gives "a one" and "a one-off": a word counts when no
 * letter follows it). One pass over the text; building a pattern for each article of a rewrite instead took a tenth of
 * a rewrite's CPU.
 */
function articlePairs(text: string): Set<string> {
  const pairs = new Set<string>();
  for (const [, article, token] of text.matchAll(/(?<![\p{L}\p{N}'’])(an?)\s+(?=(\p{L}[\p{L}-]*))/giu)) {
    const a = article!.toLowerCase();
    const t = token!.toLowerCase();
    for (let i = t.indexOf('-'); i > 0; i = t.indexOf('-', i + 1)) pairs.add(`${a} ${t.slice(0, i)}`);
    pairs.add(`${a} ${t}`);
  }
  return pairs;
}

/**
 * A word in capitals in the match: shouted ("DO NOT PULL" would come back "Don't PULL") or an acronym ("IT will provide"
 * is the IT department, "WHO is monitoring" the World Health Organization: not "It'll", "Who's").
 */
const shouted = (m: string): boolean => /\p{Lu}{2}/u.test(m);

/**
 * Set phrases whose contraction is part of the phrase: "That's it!", "You've got this", "We've got you covered" say what
 * "That is it!" (an angry last word) and "You have got this" (a possession) do not.
 */
const SET_CONTRACTION = /^(?:that|this)['’]s\s+it(?=\s*(?:[.!?,;:)]|$|\s+for\s+(?:now|today|this|the)(?![\p{L}])))|^(?:i|you|we|they)['’]ve\s+got\s+(?:this|you\s+covered|your\s+back)(?![\p{L}])/iu;

export function applyContractions(s: string, mode: ToneProfile['contractions']): string {
  if (mode === 'keep') return s;
  if (mode === 'expand') {
    let out = s;
    // Every expansion's pattern has an apostrophe.
    if (!s.includes("'") && !s.includes('’')) return s;
    // Not in a title ("The movie Don't Look Up", "Can't Stop the Feeling"), nor a word mentioned ("The word can't is …"),
    // nor beside "ain't" or "y'all", whose register a full form would break.
    if (/(?<![\p{L}])(?:ain['’]t|y['’]all)(?![\p{L}])/iu.test(s)) return s;
    for (const [re, to] of EXPANSIONS) {
      out = out.replace(re, (m: string, ...args: unknown[]) => {
        const at = args.find((a): a is number => typeof a === 'number')!;
        const whole = args.filter((a): a is string => typeof a === 'string').at(-1)!;
        const after = whole.slice(at + m.length);
        if (shouted(m) || /(?:word|term|contraction|spelling|form)\s+$/iu.test(whole.slice(0, at)) || /^\s+(?!I(?![\p{L}'’]))\p{Lu}/u.test(after) || SET_CONTRACTION.test(whole.slice(at))
          || (at > 0 && /^\p{Lu}/u.test(m) && !/^I['’]/u.test(m) && !/(?:^|[.!?:"“(]\s*)$/u.test(whole.slice(0, at)))) return m;
        return matchCase(m, to.replace('$1', String(args[0])));
      });
    }
    return out;
  }
  let out = s;
  let present = contractWordsOf(out);
  for (let k = 0; k < CONTRACT.length; k++) {
    const ids = CONTRACT_IDS[k];
    if (ids && !ids.every((id) => present[id] === 1)) continue;
    const { re, to } = CONTRACT[k]!;
    // Not a title in capitals ("It Is What It Is", "Do Not Enter").
    const next = out.replace(re, (m: string) => (shouted(m) || /^\p{Lu}\p{Ll}*\s+\p{Lu}/u.test(m) ? m : matchCase(m, to)));
    if (next !== out) { out = next; present = contractWordsOf(out); }
  }
  // Their patterns are case-sensitive and need "have".
  if (out.includes('have')) for (const [re, to] of AUXILIARY_CONTRACTIONS) out = out.replace(re, to);
  return out;
}

/** Words that may be lower-cased when they stop being the first word of a sentence. */
export function lowerable(word: string, lowerForms: ReadonlySet<string>): boolean {
  if (word === 'I' || !/^\p{Lu}\p{Ll}*$/u.test(word)) return false;
  const l = word.toLowerCase();
  return FUNCTION_WORDS.has(l) || lowerForms.has(l);
}

/** Lower-cases the sentence's first word when it is an ordinary word (not a name, not a placeholder). */
export function decapitalize(s: string, lowerForms: ReadonlySet<string>): string | null {
  const m = /^(\p{L}+)/u.exec(s);
  if (!m) return null;
  // A word that is a modal or auxiliary in lower case but takes a verb of its own here is a name: "Will is the best
  // player", "Grant has left", "May said so".
  // (Not "Hope is …", "Art is …": nouns that stand bare as subjects.)
  if (/^(?:will|may|can|must|might|shall|should|would|could|do|does|did|grant|bill|mark|rose|sue|pat|jack|frank|bob|rob|ray|guy|drew|gene|dean|earl|glen|max|wade|woody|chuck|don|ted|victor|sandy|rusty)$/iu.test(m[1]!)
    && /^\s+(?:is|was|has|had|says|said|does|did|thinks|thought|knows|knew|wants|wanted|likes|liked|loves|loved|will|would|can|could)(?![\p{L}'’-])/iu.test(s.slice(m[1]!.length))) return null;
  // Before another capitalised word the first may be part of a name ("New York", "Will Smith"), unless it is a word
  // that opens a phrase ("The United Nations", "In Paris", "When Maria left").
  if (/^\s+\p{Lu}/u.test(s.slice(m[1]!.length)) && !NAME_LEADS.has(m[1]!.toLowerCase())) return null;
  // A possessive is a name's more often than not ("Will's plan", "May's speech"), and a month, a day, a company or a place
  // that is also a word names itself before its verb ("March is the best month", "Apple is …", "Reading is a town").
  const rest = s.slice(m[1]!.length);
  const lower = m[1]!.toLowerCase();
  if (/^['’]s(?![\p{L}])/u.test(rest) && !IS_OR_HAS_BEFORE.has(lower) && !COMMON_POSSESSORS.has(lower)) return null;
  if (NAME_HOMOGRAPHS.has(lower) && /^\s+(?:is|are|was|were|has|had|['’]s)(?![\p{L}'’-])/iu.test(rest)) return null;
  return lowerable(m[1]!, lowerForms) ? lower + rest : null;
}
/** Words whose "'s" is "is" or "has" ("It's", "That's", "Here's"), not a possessive. */
const IS_OR_HAS_BEFORE: ReadonlySet<string> = new Set('it that what who there here where how he she let when why this which everything everyone something someone nothing nobody everybody somebody one'.split(' '));
/** Possessors that are ordinary words: "Today's", "Life's", "Nature's". */
const COMMON_POSSESSORS: ReadonlySet<string> = new Set('today tomorrow yesterday life nature everyone someone nobody world year week people children women men'.split(' '));
/** Words that are also names of months, days, firms, places or people: before their verb at a sentence's start, a name. */
const NAME_HOMOGRAPHS: ReadonlySet<string> = new Set(('january february march april may june july august september october november december ' +
  'monday tuesday wednesday thursday friday saturday sunday apple amazon windows china turkey nice reading bath mobile buffalo phoenix java ' +
  'rust swift grace will may mark bill frank rose jack sue pat don').split(' '));
/** Words that open a phrase before a name and are never part of it. */
const NAME_LEADS: ReadonlySet<string> = new Set(('the a an this that these those my our your his her their its every each some many most all both no ' +
  'in on at for with from to by of into onto over under after before since during between among about across through within without ' +
  'despite like unlike near behind beyond toward towards and but or so yet if when while because although though as once unless until ' +
  'whereas where whenever wherever whether i we you he she they it there here').split(' '));

/** A sentence that opens with a subordinate clause or a phrase: the hedge would attach to that, not the claim. */
export const OPENS_WITH_CLAUSE = /^(?:while|whereas|where|wherever|when|whenever|whether|by|if|although|though|because|since|as|in|on|at|for|with|without|after|before|during|through|throughout|despite|unless|until|once|upon|given|according|from|under|between|among|within|into|unlike|like|over|across|around|beyond|toward|towards|along|amid|amidst|against|regarding|following|prior)(?![\p{L}'’-])/iu;
/**
 * The writer's own view or feeling: "I think", "I love", "my favourite". Not any "I" ("Truth be told, I also coordinate
 * photo shoots" in a cover letter reads as a confession) nor "we"/"our", a company's voice in notices and apologies
 * ("Truth be told, we never sell your data").
 */
const PERSONAL = /(?<![\p{L}'’-])(?:I\s+(?:really\s+|honestly\s+|still\s+|just\s+)?(?:think|feel|believe|love|hate|guess|doubt|prefer|miss|wish|can['’]t\s+stand|don['’]t\s+(?:think|like|believe))|[Mm]y\s+(?:favou?rite|opinion|view|guess|advice))(?![\p{L}-])/u;
/** A sentence that announces what follows: "Here are five tips", "The following are …". */
const ANNOUNCES = /^(?:here|there|below|these|the\s+following)\s+(?:are|is|['’]s|were|was)(?![\p{L}'’-])|^here['’]s(?![\p{L}])/iu;
/** A sentence about the text itself: "This essay compares …", "The report covers …". */
export const ABOUT_THE_TEXT = /^(?:this|the)\s+(?:essay|paper|article|report|study|post|letter|review|section|chapter)(?![\p{L}'’-])/iu;
/** Reported speech or thought: "she said that", "critics argue", "he believed". */
const REPORTED = /(?<![\p{L}'’-])(?:said|says|say|argued|argues|argue|claimed|claims|claim|believed|believes|reported|reports|stated|states|noted|notes|added|adds|explained|explains|told|tells|wrote|writes|thinks|thought|insisted|insists|warned|warns|suggested|suggests|according\s+to)(?![\p{L}'’-])/iu;
/**
 * What the writer rates: "is the best", "are wrong", "is worth". Not a report that merely holds such a word ("the
 * ceremony has become an important event"), nor what a text states as a fact ("Photosynthesis is essential for life",
 * "The vaccine is effective": "Frankly, …" or "Arguably, …" there doubt it), nor advice ("it is wise to join a local
 * association": "Arguably, it is wise to …" hedges a recommendation) or a rule ("should", "must", "may"), which an opener or a hedge
 * would make flippant or doubtful ("Arguably, children should bring a packed lunch"). Nor someone's health ("his knee is
 * still bad", "her cough is better", "my depression is worse in the winter"): a report of how they are, which "Look," or
 * "Arguably," would make a view.
 */
const RATING = /(?<![\p{L}'’-])(?<!(?:who|which|that|what|whoever|whichever)\s+)(?<!(?<![\p{L}'’-])(?:knees?|backs?|legs?|hips?|arms?|shoulders?|ankles?|feet|foot|eyes?|eyesight|hearing|ears?|tooth|teeth|head|headaches?|stomach|chest|cough|cold|flu|fever|heart|neck|wrists?|elbows?|skin|hands?|toes?|fingers?|throat|lungs?|breathing|pain|rash|migraine|injury|wound|sight|memory|health|condition|depression|anxiety|mood|symptoms?|sleep)\s+)(?:(?:is|are|remains?)\s+(?:(?:the|a|an|not|also|often|still|far|much|very|quite|really|so|too|\p{L}+ly)\s+)*(?:(?:most|more|less|least)\s+)?(?:best|better|worse|worst|right|wrong|good|bad|wise|unwise|preferable|great|terrible|awful|amazing|worth|overrated|underrated))(?![\p{L}'’-])(?!\s+(?:to|\p{L}+ed|\p{L}+ing|taken|done|given|seen|known|eaten|written|kept|left|made|spent|used)\s)(?!\s+(?:choice|option|idea|way|place|fit|start|investment|bet)(?![\p{L}'’-]))(?!(?<=right)\s+(?:next|after|before|around|behind|beside|by|down|up|across|outside|inside|in|on|at|over|under|here|there|now|away|side|off|through)(?![\p{L}'’-]))(?!(?<=good)\s+(?:until|till|through|thru|for\s+(?:\p{N}|one|two|three|a|an|another|the\s+next))(?![\p{L}'’-]))(?!(?<=worth)\s+(?:\p{N}|[$£€]|a\s+(?:fortune|lot|million|billion|few)|one|two|three|four|five|six|seven|eight|nine|ten|hundreds|thousands|millions|billions|several|about|around|over|nearly|almost)(?![\p{L}'’-]))(?!(?<=better)\s+(?:today|now|this\s+(?:morning|week)|since|again)(?![\p{L}'’-]))(?!(?<=best)\s+man(?![\p{L}'’-]))/iu;
/** A death, a grief, an illness: no tone opener belongs beside it ("Frankly, my son died …"). */
export const SOMBRE = /(?<![\p{L}'’-])(?:died|dies|dying|dead|death|deaths|passed\s+away|funeral|grief|griev\p{L}*|mourn\p{L}*|killed|suicide|miscarriage|cancer|terminal|condolence\p{L}*|widow\p{L}*|bereave\p{L}*)(?![\p{L}'’-])/iu;
/** The language of a contract or a licence: no chatty opener goes near it. */
export const LEGAL = /(?<![\p{L}])(?:Agreement|Licensee|Licensor|Tenant|Landlord|Part(?:y|ies)|hereby|herein|hereunder|thereof|pursuant|shall)(?![\p{L}])/u;
/**
 * A contract, a licence, terms of service or a policy: its words of art ("hereby", "pursuant to", "Licensee") or a defined
 * term, a capitalised noun after a lower-case determiner ("this Agreement", "these Terms", "the Service", "this Policy",
 * "either Party"; "This Agreement" and "These Terms" open a sentence too, "The Service was slow" is a review), not a name
 * that goes on ("the Customer Care Team", "the Service Desk"). Not "shall" alone, which a speech or a British note says
 * too ("We shall see"), nor "Party" alone ("the Labour Party" is a name), nor "or lack thereof".
 */
const LEGAL_TEXT = /(?<![\p{L}])(?:hereby|herein|hereinafter|hereunder|hereto|(?<!lack\s+)thereof|pursuant\s+to|Licensee|Licensor|indemnif(?:y|ies|ied)|notwithstanding\s+(?:anything|the\s+foregoing|clause|section))(?![\p{L}])|(?<![\p{L}])(?:[Tt]his|[Tt]hese|the|[Ss]uch|[Ee]ither|[Ee]ach|[Bb]oth|any|other)\s+(?:Agreement|Terms|Policy|Service|Services|Contract|Licen[cs]e|Supplier|Customer|Client|Contractor|Licensee|Licensor|Tenant|Landlord|Lease|Premises|Goods|Software|Subscriber|Employer|Employee|Part(?:y|ies)|Effective\s+Date)(?![\p{L}])(?!\s+\p{Lu})/u;
/**
 * A formal letter's salutation or closing on a line of its own: "Dear" before a title ("Dear Mr. Okafor,", "Dear Sir or
 * Madam,", "Dear Hiring Manager,"), "To whom it may concern", "Yours sincerely", "Yours faithfully". Not "Dear Sarah," or
 * "Hi James,", nor "Kind regards", which friendly mail ends with too.
 */
const FORMAL_LETTER = /^[ \t]*(?:Dear\s+(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Professor|Sir|Madam|Dame|Lord|Lady|Rev|Hon)(?![\p{L}])|Hiring\s+(?:Manager|Committee|Team)|Selection\s+(?:Committee|Panel)|Admissions\s+(?:Committee|Officer|Team))|To\s+whom\s+it\s+may\s+concern|Yours\s+(?:sincerely|faithfully|truly|respectfully)(?![\p{L}])|Respectfully(?:\s+yours)?[ \t]*,?[ \t]*$)/imu;
/**
 * Whether a text keeps to the written register whatever the tone: a contract, a licence, terms or a policy, a formal
 * letter (its salutation or closing anywhere in it), or a notice that binds its reader (bindingNotice). Its connectives and stock phrases take their written forms and no
 * tone opener goes into it ("12.2 Plus, the Supplier may terminate this Agreement", "Dear Mr. Okafor, … On top of that, the
 * repair is covered …"); its contractions are still the tone's.
 */
export function writtenRegister(text: string): boolean { return LEGAL_TEXT.test(text) || FORMAL_LETTER.test(text) || bindingNotice(text); }
/** A farewell to the dead ("Rest in peace", "celebrate the life of"), beside SOMBRE's words. */
const FAREWELL = /(?<![\p{L}'’-])(?:rest\s+in\s+peace|in\s+loving\s+memory|celebrat(?:e|ing)\s+the\s+life\s+of|eulogy)(?![\p{L}'’-])/iu;
/** An apology the writer makes: "We sincerely apologize", "I am truly sorry", "our apologies". */
const APOLOGY = /(?<![\p{L}'’-])(?:apologi[sz]e|apologi[sz]ing|apologies)(?![\p{L}'’-])|(?<![\p{L}'’-])(?:we\s+are|we['’]re|I\s+am|I['’]m)\s+(?:(?:so|very|truly|really|deeply|sincerely|terribly|genuinely)\s+)?sorry(?![\p{L}'’-])/iu;
/** Vows or a pledge: two promises or more ("I promise to support your dreams … I promise to make you laugh …"). */
const VOWS = /(?<![\p{L}'’-])I\s+promise\s+(?:to|that|you)(?![\p{L}'’-])[^]*?(?<![\p{L}'’-])I\s+promise\s+(?:to|that|you)(?![\p{L}'’-])/u;
/**
 * A harm, a loss or a hardship the text reports or helps its reader through, beside SOMBRE's deaths: a shooting or an
 * abuse and its victims, a discrimination or a hate crime, a mental illness or an addiction, a famine or an exodus, a
 * condolence ("the passing of", "your loss"), a dying patient's care, a redundancy, a sermon or a scripture. "Plus," and
 * "On top of that," there pile up a gunman's victims, the warnings a care home ignored, a child's malnutrition or the
 * symptoms of a new mother's depression ("Plus, police said the motive remains unclear"). Not "shooting" (a photographer
 * says it), "redundant" (a server is), nor "loss" alone (a weight, a business).
 */
const GRAVE = new RegExp(`(?<![\\p{L}'’-])(?:${[
  'passing\\s+of', '(?:your|their|his|her|our)\\s+loss(?!\\s+of)', 'sympath(?:y|ies)', '(?:thoughts|prayers)\\s+are\\s+with',
  'killing(?!\\s+it(?![\\p{L}]))', 'killings', 'gunm[ae]n', 'gunfire', 'opened\\s+fire', 'shot\\s+dead', 'stabb(?:ed|ing)', 'wounded', 'wounding', 'casualties', 'fatalit(?:y|ies)', 'victims?',
  'abused?', 'abusive', 'abuser', 'abusers', 'sexual\\s+assault', 'rape', 'trafficking', 'harassment', 'discriminat\\p{L}*', 'racis[mt]', 'hate\\s+crimes?',
  'suicidal', 'self-harm', 'depression', 'depressive', 'anxiety\\s+disorders?', 'mental\\s+(?:illness|health\\s+(?:conditions?|crisis))', 'trauma', 'traumatic', 'PTSD',
  'overdoses?', 'addiction', 'addicted', 'sober', 'sobriety', 'relapse',
  'hypothermia', 'malnutrition', 'malnourished', 'famine', 'starvation', 'cholera', 'refugees?', 'asylum', 'homelessness', 'sleep(?:s|ing)?\\s+rough',
  'dementia', 'hospice', 'palliative', 'comfort\\s+care', 'end\\s+of\\s+life', 'intensive\\s+care', 'critical\\s+condition', 'advance\\s+(?:care\\s+planning|directive)',
  'made\\s+redundant', 'redundancies', 'layoffs', 'laid\\s+off',
  'sermon', 'congregation', 'scriptures?', 'parable', 'Qur[\'’]?an', 'Bible', 'Gospel', 'Torah',
].join('|')})(?![\\p{L}'’-])`, 'iu');
/**
 * Whether a text mourns, apologises or vows (a eulogy, a speech that remembers a death, an apology to a customer, wedding
 * vows), or reports a harm or helps its reader through one (GRAVE): a casual tone's connectives there take the neutral
 * register, so "Plus," and "On top of that," do not pile up a dead father's virtues, the reasons for a delay or the things a bride is loved for ("Plus, he had a quiet sense of
 * humor", "Plus, we've taken steps to make sure this doesn't happen again", "Plus, you've shown me that home isn't a
 * place but a person"); its contractions are still the tone's.
 */
export function solemnRegister(text: string): boolean { return SOMBRE.test(text) || GRAVE.test(text) || FAREWELL.test(text) || APOLOGY.test(text) || VOWS.test(text); }
/**
 * The terms of art of a notice whose words bind or protect its reader: a medicine leaflet or first-aid procedure
 * ("contraindicated", "adverse reaction", "unless your doctor …"), an insurance policy ("policyholder", "pre-existing
 * conditions", "does not cover"), a tax or benefit notice ("a £100 penalty", "criminal offence", "reasonable excuse"), a
 * credit agreement ("APR", "right to withdraw"), a recall, a data-protection notice, a warranty, a safety or emergency
 * procedure ("assembly point", "induce vomiting", "authorised operators"), a workplace or school policy ("disciplinary
 * action", "safeguarding"). A chatty connective there reads as flippant: "Plus, the vehicle mustn't be used for hire or
 * reward", "On top of that, if you experience an adverse reaction …, stop taking the tablets".
 */
const NOTICE_TERMS = new RegExp(`(?<![\\p{L}])(?:${[
  'contraindicat\\p{L}*', 'adverse\\s+(?:drug\\s+)?reactions?',
  'unless\\s+(?:your|a|the)\\s+(?:doctor|pharmacist|GP|midwife|nurse|prescriber)', '(?:doctor|GP)\\s+or\\s+pharmacist', 'prescribed\\s+by',
  '(?:maximum|recommended|daily|missed|single|previous|first|second|booster)\\s+dos(?:e|es|age)', 'seek\\s+(?:urgent\\s+|immediate\\s+|emergency\\s+)?medical\\s+(?:help|advice|attention)', 'call\\s+(?:999|911|112)',
  'policyholders?', 'pre-existing\\s+(?:medical\\s+)?conditions?', 'excess\\s+of\\s+[£$€]', '(?:policy|insurance|warranty|guarantee)\\s+(?:does|do|will)\\s+not\\s+(?:cover|pay)',
  '(?:civil|financial|tax)\\s+penalt(?:y|ies)', '[£$€]\\s?[\\d,]+\\s+penalty', 'penalty\\s+of\\s+[£$€]', 'penalty\\s+notice', 'criminal\\s+offen[cs]es?', '(?:lead\\s+to|liable\\s+to|result\\s+in)\\s+prosecution', 'reasonable\\s+excuse',
  'mandatory\\s+reconsideration', 'early\\s+settlement', 'right\\s+to\\s+withdraw', '(?:is|are)\\s+recalling', 'process\\p{L}*\\s+your\\s+personal\\s+data', 'data\\s+controller',
  'lawful(?:ness)?\\s+(?:basis|of\\s+processing)', 'statutory\\s+rights', '(?:warranty|guarantee)\\s+(?:is|will\\s+be)\\s+void', 'fair\\s+wear\\s+and\\s+tear',
  'in\\s+the\\s+event\\s+of\\s+(?:a\\s+|an\\s+)?(?:fire|emergency|evacuation|spill|leak)', 'assembly\\s+point', 'fire\\s+warden', 'personal\\s+protective\\s+equipment',
  'safety\\s+data\\s+sheet', 'induce\\s+vomiting', 'rated\\s+capacity', '(?:trained\\s+and\\s+)?authori[sz]ed\\s+(?:operators?|persons?|personnel)', 'disciplinary\\s+action',
  'gross\\s+misconduct', 'whistleblowing', 'safeguarding',
].join('|')})(?![\\p{L}])`, 'iu');
/**
 * A sentence that binds its reader: "must", "shall", "is prohibited", "is not permitted", "is required (to)", or a
 * prohibition ("Never point a firearm at …", "Do not use the lifts"); not the "must" of a recommendation ("You must try
 * the breakfast").
 */
const BINDING = /^(?:\p{L}+,\s+)?(?:do\s+not|don['’]t|never)\s+\p{Ll}|(?<![\p{L}'’-])(?:must|mustn['’]t|shall|shan['’]t)(?![\p{L}'’-])(?!\s+(?:try|see|visit|watch|read|taste|hear|check\s+out|love|admit|say)(?![\p{L}'’-]))|(?<![\p{L}'’-])(?:is|are|be)\s+(?:strictly\s+)?(?:prohibited|forbidden|not\s+permitted|(?:not\s+)?required)(?![\p{L}'’-])/iu;
/**
 * A notice that binds or protects its reader: its terms of art (NOTICE_TERMS), or rules, three sentences or more that
 * bind and a third of its sentences at least. Not an app's two house rules ("you must not use the app", "you must be at
 * least 18"), nor a long FAQ with a few duties among its answers, which may still be said casually; nor advice that
 * merely names a medicine ("It is important to take the prescribed medication as directed").
 */
function bindingNotice(text: string): boolean {
  if (NOTICE_TERMS.test(text) || /(?<![\p{L}])APR(?![\p{L}])/u.test(text)) return true;
  const sentences = text.split(/(?<=[.!?])\s+/u);
  const binding = sentences.filter((s) => BINDING.test(s)).length;
  return binding >= 3 && binding * 3 >= sentences.length;
}
/** The sentence's own candour or framing at its start: an opener would say it twice ("Honestly, I honestly think …"). */
const OWN_CANDOUR = /(?<![\p{L}'’-])(?:honest(?:ly)?|frank(?:ly)?|truth(?:fully)?|candid(?:ly)?)(?![\p{L}'’-])/iu;
const OWN_FRAME = /^(?:of\s+course|again|even\s+so|to\s+be\s+fair|actually|obviously|naturally|admittedly|sadly|unfortunately|fortunately|luckily|surprisingly|personally|seriously|literally|really|well|anyway|besides|instead|otherwise|meanwhile|first(?:ly)?|second(?:ly)?|finally|lastly|yes|no|ok|okay|oh|sure|true|now|today|sometimes|often|usually|generally)(?![\p{L}'’-])/iu;
/** Certainty the writer states: "Arguably," would contradict it ("Arguably, the results are clearly better"). */
const CERTAIN = /(?<![\p{L}'’-])(?:clearly|obviously|undoubtedly|certainly|definitely|unquestionably|indisputably|undeniably|of\s+course|without\s+(?:a\s+)?doubt)(?![\p{L}'’-])/iu;
/** The writer speaking of themselves: "I", "we" as a subject, anywhere in the sentence. */
const FIRST_PERSON = /(?<![\p{L}'’-])(?:I|I['’](?:m|ve|d|ll)|[Ww]e|[Ww]e['’](?:re|ve|d|ll))(?![\p{L}'’-])/u;

/** Prefixes a tone opener ("Honestly, ..."), keeping names capitalised; returns the opener used. */
export function addOpener(
  s: string, style: ToneProfile['openers'], lowerForms: ReadonlySet<string>, rng: Random, avoid: ReadonlySet<string>, prefer: Preference = 'any',
): { text: string; opener: string } | null {
  // Not before another opener ("All in all, ..."), a conjunction ("And ...") or protected text (a
  // quotation that opens the sentence would read as "Honestly, "What is it?" ...").
  if (style === 'none' || !/^\p{L}/u.test(s) || /^[\p{L}'\uE000-\uE019 ]{1,24},/u.test(s) || /^(?:and|but|or|so|yet|plus|nor)\b/iu.test(s) || STARTS_WITH_CONNECTIVE.test(s)) return null;
  // Nor beside a death or a grief, nor twice the sentence's own candour or framing, nor before a label ("A: …").
  if (SOMBRE.test(s) || LEGAL.test(s) || OWN_CANDOUR.test(s) || OWN_FRAME.test(s) || /^\p{L}[\p{L}\p{N} ]{0,24}:\s/u.test(s)) return null;
  // A request, an instruction or a wish is no statement to comment on: "The thing is, please arrive early.",
  // "As it turns out, if only I wasn't in this box."
  if (/^(?:please|kindly|don['’]t|do\s+not|let['’]s|never|if\s+only)(?![\p{L}'’-])/iu.test(s)) return null;
  // Nor a sentence opening with "That": "The thing is, that can cause …" reads as "the thing is that …"; nor
  // "That's because …" / "This is why …", which already tie the sentence to the one before.
  if (/^that(?![\p{L}-])/iu.test(s) || /^(?:this|it)(?:['’]s|\s+is)\s+(?:because|why)(?![\p{L}'’-])/iu.test(s)) return null;
  // Nor a fragment that answers a question ("Why does it matter? Because small habits add up.").
  if (/^(?:because|since|so\s+that)(?![\p{L}'’-])/iu.test(s)) return null;
  // Nor "Here are five tips" (it announces what follows) nor a sentence about the text itself ("Truth be told, this essay
  // compares …"): neither says anything to comment on.
  if (ANNOUNCES.test(s) || ABOUT_THE_TEXT.test(s)) return null;
  // Nor an instruction: "The thing is, pour the batter …", "To be honest, turn off the power" (a sentence whose first
  // word is a verb; a gerund subject, "Eating well matters", is a statement).
  if (isInstruction(s)) return null;
  // Nor courtesy, sympathy or apology ("Look, if there's anything I can do, please don't hesitate to ask").
  if (/(?<![\p{L}'’-])(?:please|sorry|apologi[sz]e|apologies|condolences|sympathy|thank|thanks|grateful|welcome|hesitate|congratulations)(?![\p{L}'’-])/iu.test(s)) return null;
  // A chatty opener voices the writer's attitude, so it goes only before a rating ("is the best", "are harmful") or the
  // writer's own view or feeling, never before a plain report ("Truth be told, she was admitted on Tuesday"); nor before
  // what the reader is told — a warning, advice, a permission or a right ("The thing is, you shouldn't take Lisinopril if
  // you're pregnant") reads as flippant; nor before an opening clause, to which it would attach ("You know, while these
  // concerns are valid, I believe …"); nor before someone else's view ("Honestly, he argued that remote work is better").
  // The rating or view must be in the first clause: "She was admitted on Tuesday, and the food is terrible" reports first.
  const firstClause = s.split(/[,;:]|\s+(?:and|but|while|whereas)\s+/u)[0]!;
  if ((style === 'casual' || style === 'creative') && (OPENS_WITH_CLAUSE.test(s) || (REPORTED.test(s) && !PERSONAL.test(s))
    || (!RATING.test(firstClause) && !PERSONAL.test(firstClause)) || /(?<![\p{L}'’-])you(?:r|rs)?(?![\p{L}'’-])/iu.test(s))) return null;
  // Nor a question or an exclamation: "As it turns out, what was the prednisone for?", "Truth be told, I feel you!"
  if (/[?!]["'”’)]*\s*$/u.test(s)) return null;
  // "Arguably," hedges a claim; before a report of fact or of oneself it reads as doubt ("Arguably, every
  // participant completed a survey", "Arguably, I wanted to follow up").
  // Nor before what the reader is told ("Arguably, you should not drink alcohol", "Arguably, you may request access"): advice,
  // a warning or a right is no claim to hedge.
  // A possibility ("some people may experience drowsiness") or a dated fact ("the trip is on Tuesday, 12 March") is no claim.
  // The rating must be in the sentence's first clause: "Arguably, the weather can change in an instant, and prices are high,
  // but … it is worth it" hedged the facts before it.
  // Nor a sentence that hedges already: "Arguably, they are arguably the best in town".
  // Nor a claim stated as certain or someone else's ("Arguably, the author argues …").
  if (style === 'academic' && (!RATING.test(s.split(/[,;:]/u)[0]!) || HEDGED_ALREADY.test(s) || CERTAIN.test(s) || REPORTED.test(s) || FIRST_PERSON.test(s) || OPENS_WITH_CLAUSE.test(s) || /(?<![\p{L}'’-])you(?![\p{L}'’-])/iu.test(s)
    || /[\p{N}\uE000-\uE019]/u.test(s) || /^(?:not|no|yes)(?![\p{L}'’-])/iu.test(s))) return null;
  const choices = OPENERS[style].filter((o) => !avoid.has(o));
  if (choices.length === 0) return null;
  const opener = rng.pick(prefer === 'short' ? shortest(choices) : choices);
  // A first word that cannot lose its capital (a name, or a word this text never writes in lower case)
  // would read as "Basically, Despite ...": no opener then, except before "I".
  const rest = decapitalize(s, lowerForms) ?? (/^I(?![\p{L}'’])/u.test(s) ? s : null);
  if (rest === null) return null;
  return { text: capitalizeFirst(`${opener} ${rest}`), opener };
}
