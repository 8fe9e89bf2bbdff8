/**
 * The rule checker: verifies a rewrite against its input. Pure; used by the property tests and by
 * `npm run eval:humanizer`. Each defect names the rule it breaks. Rules that the input itself already
 * breaks (a doubled word, a wrong article) are only defects when the output breaks them more often.
 * Besides form (lines, structure, spacing, marks, capitals, articles) it checks what a rewrite must not change in
 * meaning and cheaply can be counted: verbatim tokens counted whole, numbers added, question marks, negations, brackets
 * and quotes left unbalanced, markup, placeholders left in, names written lower-case. The rewriter uses it as its guard
 * (rewrite.ts): a body it rejects is drawn again and, after three tries, kept as it was.
 */
import type { Language } from '../../../../domain/options.js';
import { endsWithAbbreviation, splitSentences } from '../text/segment.js';
import { NUMBER, verbatimMatches, type VerbatimMatch } from '../text/spans.js';
import { headingLines, parseLines, runsOnInto, unwrapParagraphs, type Line } from './document.js';
import { CONNECTIVES } from './english-phrases.js';

export interface Defect { rule: string; detail: string }

export interface CheckOptions { freezeWords: readonly string[]; language: Language | null }

/** Two connectives in a row, the first set off by a comma ("Honestly, however, ..."); "And yet" is English. */
const STACKED = new RegExp(`^(?:${CONNECTIVES.join('|')}),\\s+(?:${CONNECTIVES.join('|')})(?:,|\\s)`, 'iu');
/** A word written twice ("the the", "don't don't"), across spaces or a line break. */
const DOUBLED_WORD = /(?<![\p{L}\p{N}'’-])(\p{L}+(?:['’]\p{L}+)*)\s+\1(?![\p{L}\p{N}'’-])/giu;
/** Two or three words written twice ("in the in the"). */
const DOUBLED_PHRASE = /(?<![\p{L}\p{N}'’-])(\p{L}+(?:\s+\p{L}+){1,2})\s+\1(?![\p{L}\p{N}'’-])/giu;
/** Doubled words that are grammatical ("he had had", "that that", French "nous nous sommes", German "die die"). */
const GRAMMATICAL_DOUBLES: Partial<Record<Language, ReadonlySet<string>>> = {
  en: new Set(['had had', 'that that']),
  fr: new Set(['nous nous', 'vous vous']),
  de: new Set(['die die', 'der der', 'das das']),
  it: new Set(['ci ci']),
};
/** A full stop or comma with a space before it, inside a line: notation or code ("find . -name", "./run"). */
const SPACED_MARK = /(?<=\S)[ \t]+[.,]+(?=[ \t]*\S)/gu;
/**
 * Two marks that do not go together: ",.", ";,", ".,", "?.", ".?", ". ." (not an ellipsis, "?!", nor the full stop of an
 * abbreviation before a comma: "e.g.,", "U.S.,", "etc.,").
 */
const DOUBLED_PUNCT = /[,;:]\s*[,;:.!?]|(?:[!?]|(?<!(?:^|[^\p{L}])(?:\p{L}\.\p{L}|etc|vs|al|approx|[Ii]nc|[Ll]td|[Cc]o|[Jj]r|[Ss]r|[Nn]o|[Mm]rs?|[Dd]r|[Pp]rof|[Ss]t))\.)\s*[,;:]|[!?][ \t]*\.(?!\.)|(?<!\.)\.[ \t]*[!?]|(?<!\.)\.\s*\.(?!\.)/gu;
/** The same for the full-width marks of Chinese and Japanese and the Arabic comma and semicolon: "，，", "。，", "。.", "،،", ".،". */
const DOUBLED_WIDE_PUNCT = /[，、；：،؛][ \t]*[，、；：。！？،؛.,;:!?؟]|[。！？.!?؟][ \t]*[，、；：،؛]|[。！？][ \t]*[.,;:]/gu;
/** A Latin comma, full stop, semicolon or colon where Chinese or Japanese writes a full-width one, or Arabic "،" and "؛". */
const LATIN_MARK_IN_SCRIPT = /(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[,.;:](?!\p{N})|(?<=\p{Script=Arabic})[,;](?!\p{N})/gu;
/**
 * Forms of a script a rewrite keeps as they are, each counted: the enumeration comma of Chinese and Japanese ("煮饭、煮粥、煲汤",
 * not "煮饭，煮粥"), a number in Han numerals ("三十天", "二〇二五年"), and a word written with Arabic vowel marks ("ذلكَ",
 * "العِلْمُ": a rule that took its letters and left the mark wrote "ولهذاَ" and "باختصارِ").
 */
const KEPT_FORMS: ReadonlyArray<[rule: string, what: string, re: RegExp]> = [
  ['punctuation', 'the enumeration comma', /、/gu],
  ['number', 'a number in Han numerals', /[〇零一二三四五六七八九十百千万萬亿億两兩]+/gu],
  ['vowel-marks', 'a word with vowel marks', /[\p{Script=Arabic}\u064B-\u065F\u0670]*[\u064B-\u0652\u0670][\p{Script=Arabic}\u064B-\u065F\u0670]*/gu],
];
/** Whether a text may hold a kept form at all (one test, before the three patterns). */
const MAY_KEEP = /[、〇零一二三四五六七八九十百千万萬亿億两兩\u064B-\u0652\u0670]/u;
/** Marks that set the direction of right-to-left text or join letters (RLM, LRM, embeddings, isolates, ZWJ, ZWNJ). */
const FORMAT_MARK = /[\u200c-\u200f\u202a-\u202e\u2066-\u2069]/gu;
const A_BEFORE_VOWEL = /(?<![\p{L}\p{N}'’])a\s+(?!one(?![\p{L}])|once(?![\p{L}]))(?:[aio]|e(?!u|we)|u(?!ni(?![nmd])|nan|s[eu]|r[aeo]|til|biq|kr|ga)|h(?:our|onest|eir|onou?r))\p{L}*/giu;
const AN_BEFORE_CONSONANT = /(?<![\p{L}\p{N}'’])an\s+(?!h(?:our|onest|eir|onou?r))(?:[bcdfgjklmnpqrstvwxyz]|uni(?![nmd])|unan|us[eu]|eu|one\b)/giu;
/** Constructions only a bad word swap produces: "every of", "because of which", "can to", "lets them to go". */
/** A capitalised word after a semicolon (English): right only for a name or "I". */
const CAPITAL_AFTER_SEMICOLON = /;\s+(\p{Lu}\p{L}*)/gu;
/** A capitalised word inside a sentence: after a letter, a digit or a comma. */
const NAME_IN_SENTENCE = /(?<=[\p{L}\p{N},][ \t]{1,4})\p{Lu}\p{L}*/gu;
/** Capitalised words after a semicolon that are not names of the input (not "I", never used inside one of its sentences). */
function capitalsAfterSemicolon(text: string, names: ReadonlySet<string>): string[] {
  return [...text.matchAll(CAPITAL_AFTER_SEMICOLON)].map((m) => m[1]!).filter((w) => w !== 'I' && !names.has(w));
}
const BROKEN_GRAMMAR = /(?<![\p{L}'’])(?:(?:can|could|should|must|might|shall)\s+(?:are|is|was|were)|(?:is|are|was|were|do|does|did|have|has|had|would|should|could|must)\s+not\s+(?:it|you|we|they|he|she|i|there|this|that)\s*\?|(?:why|how|where|what|when)\s+(?:do|does|did|is|are|would|should|could)\s+not\s+(?:it|you|we|they|he|she|i)(?![\p{L}'’])|every\s+of|because\s+of\s+(?:which|whom)|(?:can|could|should|must)\s+to|lets?\s+(?:\p{L}+\s+){1,2}to\s+(?:be|do|make|get|go|have|learn|use|take|work|see|find|keep|help|choose|access|connect|create|reach|understand)|not\s+just\s+\p{L}+s\s+\p{L}+\s+but)(?![\p{L}'’])/giu;
/** English words that do not occur in the other Latin-script languages' running text. */
const ENGLISH_WORDS = ['the', 'and', 'with', 'which', 'honestly', 'basically', 'however', 'also', 'really', 'thing is', 'in fact', 'put simply', 'as it happens', 'moreover', 'furthermore', 'additionally', 'nevertheless', 'nonetheless', 'consequently', 'actually'];
const englishOnly = (words: readonly string[]): RegExp => new RegExp(`(?<![\\p{L}])(?:${words.join('|')})(?![\\p{L}])`, 'giu');
const ENGLISH_ONLY = englishOnly(ENGLISH_WORDS);
/** German writes "also" ("so, therefore"): not an English word there. */
const ENGLISH_ONLY_DE = englishOnly(ENGLISH_WORDS.filter((w) => w !== 'also'));

/** A space after an opening bracket, before a word ("( It's optional", "[ See the notes"): left by a deletion. */
const SPACE_AFTER_OPENING = /[([{“][ \t]+(?=\p{L})/gu;
/** A space before a closing bracket ("(a good one )"), two spaces inside a line, a space before a comma or final mark. */
const SPACE_BEFORE_CLOSING = /\S[ \t]+[)\]}]/gu;
const DOUBLE_SPACE = /\S[ \t]{2,}(?=\S)/gu;
/**
 * Ways a line sets words or sentences apart inside it besides one space: a tab, a no-break space, two or more spaces
 * ("Friday.\tAdditionally", "early.  Staff", "2\u00a0kg"). A prose line that had one keeps it (a join may take one gap
 * away, not every one).
 */
const INNER_GAPS: ReadonlyArray<[string, RegExp]> = [['a tab', /(?<=\S)[ \u00a0]*\t[ \t\u00a0]*(?=\S)/u], ['a no-break space', /(?<=\S)\u00a0/u], ['two spaces', /(?<=\S) {2,}(?=\S)/u]];
const SPACE_BEFORE_MARK = /[\p{L}\p{N}'’"”)\]][ \t]+[,.;:!?](?=\s|$)/gu;
/** French sets a space before ; : ! ? (« Bonjour ! »): only a comma or full stop counts there. */
const SPACE_BEFORE_MARK_FR = /[\p{L}\p{N}'’"”)\]][ \t]+[,.](?=\s|$)/gu;

/** Question marks (Latin, Spanish opening, full-width, Arabic): a question must not become a statement. */
const QUESTION = /[?¿？؟]/gu;
/**
 * Negations by language: the count must not drop ("not good" → "good" reverses a claim). "Not only / not just / not
 * merely" is a construction, not a negation. Languages whose negation is a suffix (Turkish) count their negative words.
 */
const NEGATION: Record<Language, RegExp> = {
  en: /(?:n(?<![\p{L}'’]n)(?:ot(?!\s+(?:only|just|merely)(?!\p{L}))|o|ever|one|othing|obody|owhere|either|or)|c(?<![\p{L}'’]c)annot)(?![\p{L}'’])|(?<=\p{L})n['’]t(?![\p{L}])(?!\s+(?:only|just|merely)(?!\p{L}))/giu,
  es: /(?<![\p{L}])(?:no|nunca|jamás|ni|nadie|nada|ningún|ninguno|ninguna|tampoco)(?![\p{L}])/giu,
  fr: /(?<![\p{L}])(?:pas|jamais|rien|aucun|aucune|ni|guère)(?![\p{L}])/giu,
  de: /(?<![\p{L}])(?:nicht|kein|keine|keinen|keinem|keiner|keines|nie|niemals|nichts|niemand|weder)(?![\p{L}])/giu,
  it: /(?<![\p{L}])(?:non|mai|niente|nulla|nessuno|nessuna|né)(?![\p{L}])/giu,
  pt: /(?<![\p{L}])(?:não|nunca|nada|ninguém|nenhum|nenhuma|nem)(?![\p{L}])/giu,
  ru: /(?<![\p{L}])(?:не|нет|никогда|ни|ничего|никто|нельзя)(?![\p{L}])/giu,
  // Turkish "değil" and "yok" take endings ("uygun değilse", "değildir", "yoktur").
  tr: /(?<![\p{L}])(?:değil\p{L}*|yok(?:tur|tu|sa|muş|ken)?|asla|hiç|hiçbir\p{L}*)(?![\p{L}])/giu,
  // Chinese "未", "勿", "无", "非", "别", "莫" and "否" negate too ("请勿饮酒", "未按期通知的"); Arabic "ما", "غير", "دون", "عدم"
  // and the forms with "و" or "ف" ("ولا يجوز").
  zh: /[不没未勿无非别莫否]/gu,
  ja: /ない|ません|ず(?![\p{Script=Hiragana}])/gu,
  ko: /않|없|못/gu,
  ar: /(?<![\p{L}])[وف]?(?:لا|لم|لن|ليس|ليست|ليسوا|ما|غير|دون|بدون|عدم|بعدم|لعدم)(?![\p{L}])/gu,
};
const negations = (text: string, language: Language): number => count(text, NEGATION[language]);
/** Pairs that open and close: one dropped or added leaves the other unbalanced. */
const PAIRS: ReadonlyArray<[string, string, string]> = [['(', ')', 'brackets'], ['[', ']', 'brackets'], ['{', '}', 'brackets'], ['“', '”', 'quote']];
/** The dash that opens a line of dialogue (Russian, French, Spanish, Turkish): "— Ты уже отправил отчёт?". */
const DIALOGUE_DASH = /^[—–―]\s/u;
/** Markdown and markup that a rewrite of prose keeps as it is: emphasis, code marks, links. */
const MARKUP = /\*+|`+|~~|\]\(|__/gu;
/** Placeholders of protected text (freeze.ts) and the replacement character: never in an output. */
const LEAKED = /[\uE000-\uE0FF\uFFFD]/gu;
/** A line of prose ends with a final mark, then optional closers. */
const FINAL_MARK = /[.!?…。！？؟]["'”’)\]»」』）]*\s*$/u;
const WORDISH = /[\p{L}\p{N}_]/u;
const JOINER = /[.,:/-]/u;

/**
 * Occurrences of a token as a whole: not glued to a letter, digit or underscore on a side where it has one, and (for
 * numbers, code, addresses) not continued by a separator and more ("5" in "15", "3" in "3.5", "config.json" in
 * "config.json.bak", "plan" in "plans").
 */
function wholeOccurrences(hay: string, token: string, joined: boolean): number {
  const first = WORDISH.test(token[0] ?? '');
  const last = WORDISH.test(token.at(-1) ?? '');
  let n = 0;
  for (let i = hay.indexOf(token); i !== -1; i = hay.indexOf(token, i + 1)) {
    if (first && i > 0 && WORDISH.test(hay[i - 1]!)) continue;
    const j = i + token.length;
    if (last && j < hay.length && (WORDISH.test(hay[j]!) || (joined && JOINER.test(hay[j]!) && WORDISH.test(hay[j + 1] ?? '')))) continue;
    n++;
  }
  return n;
}

function imbalance(text: string, open: string, close: string): number {
  return Math.abs(occurrences(text, open) - occurrences(text, close));
}

function markupTally(text: string): Map<string, number> {
  const out = new Map<string, number>();
  if (!/[*`~_\]]/u.test(text)) return out;
  for (const m of text.matchAll(MARKUP)) out.set(m[0], (out.get(m[0]) ?? 0) + 1);
  return out;
}

const LETTER = /\p{L}/u;
const SPACE = /\s/u;

/**
 * Whether DOUBLED_WORD may match in a text: a match is a whole run of letters, spaces, and a whole run
 * of letters equal to the first ignoring case, so it needs two runs of letters with only spaces
 * between them that could be equal. Two runs of ASCII letters are equal ignoring case only when they
 * are equal lower-cased; a run with any other letter is taken as possibly equal to anything. False
 * means DOUBLED_WORD finds nothing; true, that it has to be asked.
 */
function mayDoubleWord(text: string): boolean {
  let prevStart = -1;
  let prevEnd = -1;
  let prevAscii = true;
  let spacesOnly = false;
  let start = -1;
  let ascii = true;
  for (let i = 0; i <= text.length;) {
    // 0: neither, 1: ASCII letter, 2: another letter, 3: a space.
    let kind = 0;
    let width = 1;
    if (i < text.length) {
      const c = text.charCodeAt(i);
      // An apostrophe counts as a letter: DOUBLED_WORD takes "don't" whole.
      if (c < 128) kind = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 39 ? 1 : c === 32 || (c >= 9 && c <= 13) ? 3 : 0;
      else {
        const cp = text.codePointAt(i)!;
        if (cp > 0xffff) width = 2;
        const ch = String.fromCodePoint(cp);
        kind = LETTER.test(ch) || cp === 0x2019 ? 2 : SPACE.test(ch) ? 3 : 0;
      }
    }
    if (kind === 1 || kind === 2) {
      if (start < 0) { start = i; ascii = true; }
      if (kind === 2) ascii = false;
    } else {
      if (start >= 0) {
        if (spacesOnly && prevStart >= 0 && (!ascii || !prevAscii || (i - start === prevEnd - prevStart
          && text.slice(start, i).toLowerCase() === text.slice(prevStart, prevEnd).toLowerCase()))) return true;
        prevStart = start; prevEnd = i; prevAscii = ascii; spacesOnly = true; start = -1;
      }
      if (kind !== 3) spacesOnly = false;
    }
    i += width;
  }
  return false;
}

const count = (text: string, re: RegExp): number => {
  let n = 0;
  for (const _ of text.matchAll(re)) n++;
  return n;
};

function occurrences(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}

/** Sentences of the lines that are prose in the input (the output's line at the same place). */
/** A sentence's final mark, closers, space and a lower-case letter: "…overnight. machine learning models …". */
const LOWER_AFTER_STOP = /[.!?]["'”’)\]]*\s+\p{Ll}/gu;

function sentenceStarts(lines: readonly Line[], prose: readonly boolean[]): string[] {
  return lines.flatMap((l, i) => (prose[i] ? splitSentences(l.prefix + l.body + l.tail).map((s) => s.text.replace(/^\s*(?:[-*+•–]|\p{N}{1,3}[.)])\s+/u, '')) : []));
}

/**
 * What the checker reads from an input, whatever the output: its lines, its verbatim tokens and how
 * often it already breaks each rule. The rewriter checks every line of every candidate against the
 * same input, so this is kept for the most recent inputs.
 */
interface InputFacts {
  lines: Line[];
  prose: boolean[];
  verbatim: Array<{ kind: string; tokens: Map<string, number> }>;
  starts: string[];
  lower: number;
  stacked: number;
  quoted: number;
  doubledPunct: number;
  latinMarks: number;
  formatMarks: number;
  questions: number;
  markup: Map<string, number>;
  /** Capitalised words used inside a sentence (names, German nouns, "I") that the input never writes lower-case. */
  capitalised: ReadonlySet<string>;
  /** Counts that depend on the language the rewrite is checked in: worked out when first needed, per language. */
  byLanguage: Map<Language | null, { doubled: number; negations: number; spaceBeforeMark: number; englishOnly?: number }>;
  spacedMarks: number;
  /** The kept forms of the input (KEPT_FORMS), each with its rule and how often it occurs: worked out when first needed. */
  kept?: Array<{ rule: string; what: string; form: string; n: number }>;
  /** Wrong articles (English) and English-only words (other languages): counted when first needed. */
  articles?: number;
  grammar?: number;
  /** English: capitalised words the input uses inside a sentence, and its capitals after a semicolon that are none of them. */
  names?: ReadonlySet<string>;
  semicolonCapitals?: number;
  /** The input's abbreviations with their dot and how often each occurs (see abbreviations): worked out when first needed. */
  abbreviations?: Map<string, number>;
  /** English: the lone letters the input writes lower-case (symbols, variables), by their capital and its count in the input. */
  symbols?: Map<string, number>;
}

/** Sentences that open with a quotation (dialogue): words put in front of one break it. */
const QUOTE_START = /^[\s([]*["“„«「『‘‹]/u;
const quoteStarts = (ss: string[]): number => ss.filter((s) => QUOTE_START.test(s)).length;
const lowerStarts = (ss: string[]): number => ss.filter((s) => /^[^\p{L}\p{N}\uE000]*\p{Ll}/u.test(s)).length;
/**
 * A single letter standing alone (English): a symbol or a variable ("p < 0.05", "f is increasing", "n = 3"), not the words
 * "a", "I" and "O", an initial ("e.g.", "J."), part of a compound ("x-ray") or of a unit ("km/h").
 */
const LONE_LETTER = /(?<![\p{L}\p{N}'’.\/-])\p{L}(?![\p{L}\p{N}'’.\/-])/gu;
/** A word with its dot (or dotted pieces) before a space, a closer or the end: "Sun.", "a.m.", "Ph.D.", "approx.". */
const DOTTED_WORD = /(?<![\p{L}\p{N}.])(?:\p{L}+\.)*\p{L}+\.(?=$|[\s"'”’)\],;:])/gu;
/** The abbreviations of a text with their dot, each with how often it occurs (first letter lower-cased: "Approx." is "approx."). */
function abbreviations(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const m of text.match(DOTTED_WORD) ?? []) {
    if (!endsWithAbbreviation(m)) continue;
    const form = m[0]!.toLowerCase() + m.slice(1);
    found.set(form, (found.get(form) ?? 0) + 1);
  }
  return found;
}
/** The lone letters the input writes in lower case only (its symbols), each with how often the input has its capital. */
function symbolLetters(input: string): Map<string, number> {
  const letters = new Map<string, number>();
  const all = input.match(LONE_LETTER) ?? [];
  for (const l of new Set(all)) if (/\p{Ll}/u.test(l) && !'aio'.includes(l)) letters.set(l.toUpperCase(), all.filter((x) => x === l.toUpperCase()).length);
  return letters;
}
const stackedStarts = (ss: string[]): number => ss.filter((s) => STACKED.test(s)).length;
/** An initialism is read by its letters ("an FBI agent", "a US firm", "a URL"): the article regexes skip it. */
const INITIALISM = /^an?\s+\p{Lu}[\p{Lu}\p{N}]/u;
const articleErrors = (t: string): string[] => [...t.matchAll(A_BEFORE_VOWEL), ...t.matchAll(AN_BEFORE_CONSONANT)]
  .filter((m) => !INITIALISM.test(t.slice(m.index!, m.index! + m[0].length + 2))).map((m) => m[0]);
const wrongArticles = (t: string): number => articleErrors(t).length;

/** Doubled words and phrases, less the grammatical ones of the language. */
function doubled(text: string, language: Language | null): string[] {
  const ok = language ? GRAMMATICAL_DOUBLES[language] : undefined;
  // A word repeated across a line break counts where a sentence runs on over it, not under a title ("Remote Work" over
  // "Remote work offers …").
  const acrossTitle = (m: RegExpMatchArray): boolean => {
    const br = m[0].indexOf('\n');
    if (br === -1) return false;
    // A blank line ends the paragraph: a heading's last word may open the next one ("…: Ethical Leadership" over
    // "Ethical leadership has never …").
    if (/\n[ \t]*\n/u.test(m[0])) return true;
    const at = m.index! + br;
    const next = text.indexOf('\n', at + 1);
    return !runsOnInto(text.slice(text.lastIndexOf('\n', at - 1) + 1, at), text.slice(at + 1, next === -1 ? undefined : next));
  };
  const words = mayDoubleWord(text) ? [...text.matchAll(DOUBLED_WORD)].filter((m) => !acrossTitle(m)).map((m) => m[0]).filter((w) => !ok?.has(w.toLowerCase().replace(/\s+/gu, ' '))) : [];
  return [...words, ...(mayDoublePhrase(text) ? [...text.matchAll(DOUBLED_PHRASE)].filter((m) => !acrossTitle(m)).map((m) => m[0]) : [])];
}

/**
 * Whether DOUBLED_PHRASE may match: some two or three words (runs of letters, compared lower-case) followed by the same
 * words. Text cut at every non-letter keeps every run of letters of a match, so false means no match.
 */
function mayDoublePhrase(text: string): boolean {
  const starts: number[] = [];
  const ends: number[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    const letter = c < 128 ? (c >= 97 && c <= 122) || (c >= 65 && c <= 90) : c >= 0xdc00 && c <= 0xdfff ? start >= 0 : LETTER.test(text[i]!) || (c >= 0xd800 && c <= 0xdbff);
    if (letter) { if (start < 0) start = i; } else if (start >= 0) { starts.push(start); ends.push(i); start = -1; }
  }
  const same = (a: number, b: number): boolean => ends[a]! - starts[a]! === ends[b]! - starts[b]!
    && text.slice(starts[a], ends[a]).toLowerCase() === text.slice(starts[b], ends[b]).toLowerCase();
  for (let i = 0; i + 3 < starts.length; i++) {
    if (same(i, i + 2) && same(i + 1, i + 3)) return true;
    if (i + 5 < starts.length && same(i, i + 3) && same(i + 1, i + 4) && same(i + 2, i + 5)) return true;
  }
  return false;
}

/**
 * English words that a title capitalises ("choose \"Forget This Network\"") and no name is: a rewrite that adds one in lower
 * case ("Beyond this, …") lowers no name.
 */
const TITLE_SMALL_WORDS: ReadonlySet<string> = new Set(['this', 'that', 'these', 'those', 'the', 'a', 'an', 'of', 'and', 'or', 'to', 'in', 'on', 'at', 'for', 'with', 'by', 'from', 'your', 'my', 'our', 'their', 'its', 'not', 'no', 'all', 'it', 'is', 'are']);

/** Lower-cased forms of the words an input capitalises inside a sentence and never writes lower-case. */
function capitalisedWords(input: string): ReadonlySet<string> {
  // A capital followed by a lower-case letter ("Anna", "Firma") or "I": not a word in capitals ("IS NOT") nor an initial ("T").
  const inside = new Set([...input.matchAll(NAME_IN_SENTENCE)].map((m) => m[0]).filter((w) => w === 'I' || /^\p{Lu}\p{Ll}/u.test(w)).map((w) => w.toLowerCase())
    .filter((w) => !TITLE_SMALL_WORDS.has(w)));
  return new Set([...inside].filter((w) => wholeOccurrences(input, w, false) === 0));
}

/** Each form of KEPT_FORMS in a text, with its rule and its count. */
function keptForms(text: string): Array<{ rule: string; what: string; form: string; n: number }> {
  const out: Array<{ rule: string; what: string; form: string; n: number }> = [];
  for (const [rule, what, re] of KEPT_FORMS) {
    for (const form of new Set(text.match(re) ?? [])) out.push({ rule, what, form, n: occurrences(text, form) });
  }
  return out;
}

/** Occurrences of each matched string. */
function tallyOf(matches: readonly VerbatimMatch[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of matches) out.set(m.text, (out.get(m.text) ?? 0) + 1);
  return out;
}

const MEMO_SIZE = 256;
const memo = new Map<string, InputFacts>();

function inputFacts(input: string): InputFacts {
  const known = memo.get(input);
  if (known) return known;
  const lines = parseLines(input);
  const prose = lines.map((l) => l.prose);
  const starts = sentenceStarts(lines, prose);
  const heading = headingLines(lines);
  const sentences = heading.includes(true) ? lines.filter((_, i) => !heading[i]).map((l) => l.prefix + l.body + l.tail).join('\n') : input;
  const facts: InputFacts = {
    lines, prose, starts,
    verbatim: verbatimMatches(input).map(({ kind, matches }) => ({ kind, tokens: tallyOf(matches) })),
    lower: lowerStarts(starts), stacked: stackedStarts(starts), quoted: quoteStarts(starts),
    doubledPunct: count(input, DOUBLED_PUNCT) + count(input, DOUBLED_WIDE_PUNCT), latinMarks: count(input, LATIN_MARK_IN_SCRIPT), formatMarks: count(input, FORMAT_MARK), spacedMarks: count(input, SPACED_MARK),
    questions: count(input, QUESTION), markup: markupTally(input), capitalised: capitalisedWords(sentences), byLanguage: new Map(),
  };
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(input, facts);
  return facts;
}

/** Every defect of `output` as a rewrite of `input`; an empty list means the rewrite is sound. */
export function checkRewrite(sentInput: string, sentOutput: string, options: CheckOptions): Defect[] {
  const defects: Defect[] = [];
  const add = (rule: string, detail: string): void => { defects.push({ rule, detail }); };
  // A hard-wrapped paragraph is read as one line, in the output where the input had it, and each of its lines must
  // keep to the input's width (a word longer than it aside).
  let input = sentInput;
  let output = sentOutput;
  const wrapped = unwrapParagraphs(sentInput);
  if (wrapped.wraps.length > 0) {
    const rewrapped = unwrapParagraphs(sentOutput, new Set(wrapped.wraps.map((w) => w.line)));
    const widths = new Map(wrapped.wraps.map((w) => [w.line, w.width]));
    for (const w of rewrapped.wraps) {
      const width = widths.get(w.line)!;
      const over = w.lines.find((l) => l.length > width && l.includes(' '));
      if (over !== undefined) add('line-breaks', `a hard-wrapped paragraph's line is wider than its ${width} characters: ${JSON.stringify(over.slice(0, 60))}`);
    }
    input = wrapped.text;
    output = rewrapped.text;
  }

  const facts = inputFacts(input);
  const inLines = facts.lines;
  const outLines = parseLines(output);
  if (inLines.length !== outLines.length) add('line-breaks', `${inLines.length} lines in, ${outLines.length} out`);
  else {
    inLines.forEach((l, i) => {
      const o = outLines[i]!;
      if ((l.prefix + l.body + l.tail).trim() === '' && (o.prefix + o.body + o.tail).trim() !== '') add('paragraph-breaks', `line ${i + 1} was blank`);
      if (!l.prose && l.prefix + l.body + l.tail !== o.prefix + o.body + o.tail) add('structure', `line ${i + 1} (heading, code, list or continuation) changed`);
      if (l.prose && l.prefix !== o.prefix) add('prefix', `line ${i + 1}: ${JSON.stringify(l.prefix)} became ${JSON.stringify(o.prefix)}`);
      // A line of dialogue opens with its dash ("— Помню."), which the document model keeps in the body.
      if (l.prose && DIALOGUE_DASH.test(l.body) !== DIALOGUE_DASH.test(o.body)) add('prefix', `line ${i + 1}: the dash of a line of dialogue changed`);
      const had = (l.prefix + l.body + l.tail).trim();
      const has = (o.prefix + o.body + o.tail).trim();
      if (had !== '' && has === '') add('paragraph-breaks', `line ${i + 1} lost its text`);
      // A sentence that runs on into the next line ends the line as it was.
      if (l.prose && l.tail !== '' && !(o.prefix + o.body + o.tail).endsWith(l.tail)) add('structure', `line ${i + 1}: the start of a sentence that runs on changed`);
      if (l.prose && l.tail === '' && FINAL_MARK.test(l.body) && has !== '' && !FINAL_MARK.test(has)) add('punctuation', `line ${i + 1} lost its final mark`);
      if (l.prose) {
        for (const [what, gap] of INNER_GAPS) if (gap.test(l.body) && !gap.test(o.body)) add('spacing', `line ${i + 1} lost ${what} inside it`);
      }
    });
  }

  if (count(output, FORMAT_MARK) < facts.formatMarks) add('format-marks', 'a direction mark or a joiner was lost');
  facts.kept ??= MAY_KEEP.test(input) ? keptForms(input) : [];
  for (const k of facts.kept) if (occurrences(output, k.form) < k.n) add(k.rule, `${k.what} ${JSON.stringify(k.form)} lost or changed`);
  // An abbreviation keeps its dot where a rule moved or dropped the sentence's end ("…on Sun; what's more", "9 a.m in the summer").
  facts.abbreviations ??= abbreviations(input);
  if (facts.abbreviations.size > 0) {
    const kept = abbreviations(output);
    const lost = [...facts.abbreviations].filter(([form, n]) => (kept.get(form) ?? 0) < n).map(([form]) => form);
    if (lost.length > 0) add('punctuation', `an abbreviation lost its dot: ${JSON.stringify(lost)}`);
  }
  const leaked = count(output, LEAKED) - count(input, LEAKED);
  if (leaked > 0) add('placeholder', `${leaked} placeholder or replacement character(s) in the output`);

  for (const { kind, tokens } of facts.verbatim) {
    const joined = kind !== 'quote';
    for (const [token, n] of tokens) {
      if (occurrences(output, token) < n || (joined && wholeOccurrences(output, token, true) < wholeOccurrences(input, token, true))) {
        add(kind, `${JSON.stringify(token)} lost or changed`);
      }
    }
  }
  // A number the input does not have (a digit changed or added): "5" → "15", "2023" → "20234".
  const numbers = facts.verbatim.find((v) => v.kind === 'number')!.tokens;
  if (/\p{N}/u.test(output)) {
    const added = [...output.matchAll(NUMBER)].map((m) => m[0]).filter((m) => !numbers.has(m));
    if (added.length > 0) add('number', `added: ${JSON.stringify(added)}`);
  }
  for (const word of new Set(options.freezeWords)) {
    if (word.length > 0 && (occurrences(output, word) < occurrences(input, word) || wholeOccurrences(output, word, false) < wholeOccurrences(input, word, false))) {
      add('freeze-word', `${JSON.stringify(word)} lost or changed`);
    }
  }
  if (count(output, QUESTION) < facts.questions) add('question', `${facts.questions} question marks in, ${count(output, QUESTION)} out`);
  const markup = markupTally(output);
  for (const key of new Set([...facts.markup.keys(), ...markup.keys()])) {
    if ((facts.markup.get(key) ?? 0) !== (markup.get(key) ?? 0)) add('markup', `${JSON.stringify(key)}: ${facts.markup.get(key) ?? 0} in, ${markup.get(key) ?? 0} out`);
  }
  for (const [open, close, rule] of PAIRS) {
    if (imbalance(output, open, close) > imbalance(input, open, close)) add(rule, `unbalanced ${open}${close}`);
  }
  if (occurrences(output, '"') % 2 === 1 && occurrences(input, '"') % 2 === 0) add('quote', 'an odd number of straight double quotes');

  const outStarts = sentenceStarts(outLines, facts.prose);
  if (quoteStarts(outStarts) < facts.quoted) add('quotation', `words put before a quotation that opened a sentence: ${JSON.stringify(outStarts.find((s) => /^[^"“„«「『]{1,40}["“„«「『]/u.test(s))?.slice(0, 60))}`);
  const cased = options.language !== null && !['zh', 'ja', 'ko', 'ar'].includes(options.language);
  if (cased) {
    if (facts.capitalised.size > 0) {
      const lowered = [...facts.capitalised].filter((w) => wholeOccurrences(output, w, false) > 0);
      if (lowered.length > 0) add('capital', `a word the input capitalises inside a sentence written lower-case: ${JSON.stringify(lowered)}`);
    }
    if (lowerStarts(outStarts) > facts.lower) add('capital', `sentence starting lower-case: ${JSON.stringify(outStarts.find((s) => /^[^\p{L}]*\p{Ll}/u.test(s))?.slice(0, 60))}`);
    // The segmenter does not end a sentence before a lower-case word, so a sentence a rule left starting lower-case (a
    // dropped connective before a frozen "machine learning") is counted here: a full stop then a lower-case word.
    if (count(output, LOWER_AFTER_STOP) > count(input, LOWER_AFTER_STOP)) add('capital', `lower-case word after a full stop: ${JSON.stringify(output.match(LOWER_AFTER_STOP)?.[0])}`);
    // A symbol takes no capital where a rule left it opening a sentence ("…; p < 0.05 was considered significant" → "P < 0.05").
    if (options.language === 'en') {
      facts.symbols ??= symbolLetters(input);
      if (facts.symbols.size > 0) {
        const out = output.match(LONE_LETTER) ?? [];
        const raised = [...facts.symbols].filter(([capital, n]) => out.filter((x) => x === capital).length > n).map(([capital]) => capital);
        if (raised.length > 0) add('capital', `a symbol the input writes lower-case capitalised: ${JSON.stringify(raised)}`);
      }
    }
    if (stackedStarts(outStarts) > facts.stacked) add('stacked-connectives', JSON.stringify(outStarts.find((s) => STACKED.test(s))?.slice(0, 60)));
  }
  let lang = facts.byLanguage.get(options.language);
  if (!lang) {
    lang = {
      doubled: doubled(input, options.language).length,
      negations: options.language ? negations(input, options.language) : 0,
      spaceBeforeMark: count(input, options.language === 'fr' ? SPACE_BEFORE_MARK_FR : SPACE_BEFORE_MARK),
    };
    facts.byLanguage.set(options.language, lang);
  }
  const doubles = doubled(output, options.language);
  if (doubles.length > lang.doubled) add('doubled-word', JSON.stringify(doubles));
  const negated = options.language ? negations(output, options.language) : 0;
  if (negated < lang.negations) add('negation', `${lang.negations} negations in, ${negated} out`);
  if (count(output, options.language === 'fr' ? SPACE_BEFORE_MARK_FR : SPACE_BEFORE_MARK) > lang.spaceBeforeMark) add('spacing', `a space before a mark: ${JSON.stringify(output.match(options.language === 'fr' ? SPACE_BEFORE_MARK_FR : SPACE_BEFORE_MARK)?.[0])}`);
  if (count(output, DOUBLE_SPACE) > count(input, DOUBLE_SPACE)) add('spacing', 'two spaces inside a line');
  if (count(output, SPACE_BEFORE_CLOSING) > count(input, SPACE_BEFORE_CLOSING)) add('spacing', `a space before a closing bracket: ${JSON.stringify(output.match(SPACE_BEFORE_CLOSING)?.[0])}`);
  if (count(output, DOUBLED_PUNCT) + count(output, DOUBLED_WIDE_PUNCT) > facts.doubledPunct) add('doubled-punctuation', JSON.stringify([...output.matchAll(DOUBLED_PUNCT), ...output.matchAll(DOUBLED_WIDE_PUNCT)].map((m) => m[0])));
  if (count(output, LATIN_MARK_IN_SCRIPT) > facts.latinMarks) add('punctuation', `a Latin mark where the script has its own: ${JSON.stringify(output.match(LATIN_MARK_IN_SCRIPT)?.[0])}`);
  // A full stop or comma set off by a space belongs to code or notation ("find . -name"): it keeps its space.
  if (count(output, SPACED_MARK) < facts.spacedMarks) add('spacing', `a space before a mark was lost: ${JSON.stringify([...input.matchAll(SPACED_MARK)].map((m) => m[0]))}`);
  if (count(output, SPACE_AFTER_OPENING) > count(input, SPACE_AFTER_OPENING)) add('spacing', `a space after an opening bracket: ${JSON.stringify(output.match(SPACE_AFTER_OPENING)?.[0])}`);
  if (options.language === 'en') {
    facts.articles ??= wrongArticles(input);
    if (wrongArticles(output) > facts.articles) add('article', JSON.stringify(articleErrors(output)));
    facts.names ??= new Set([...input.matchAll(NAME_IN_SENTENCE)].map((m) => m[0]));
    facts.semicolonCapitals ??= capitalsAfterSemicolon(input, facts.names).length;
    const capitals = output.includes(';') ? capitalsAfterSemicolon(output, facts.names) : [];
    if (capitals.length > facts.semicolonCapitals) add('capital', `capital after a semicolon: ${JSON.stringify(capitals)}`);
    facts.grammar ??= count(input, BROKEN_GRAMMAR);
    if (count(output, BROKEN_GRAMMAR) > facts.grammar) add('grammar', JSON.stringify([...output.matchAll(BROKEN_GRAMMAR)].map((m) => m[0])));
  } else {
    const english = options.language === 'de' ? ENGLISH_ONLY_DE : ENGLISH_ONLY;
    lang.englishOnly ??= count(input, english);
    if (count(output, english) > lang.englishOnly) add('foreign-rules', 'English words added to non-English text');
  }
  return defects;
}
