/**
 * Sentence and word segmentation with character offsets into the original text, shared by the
 * detector and the rewriter. Works on text whose whitespace may have been collapsed (no reliance on
 * line breaks) and on scripts that end sentences with full-width marks (。！？).
 */

export interface Span { text: string; start: number; end: number }

/** Abbreviations whose trailing period does not end a sentence (compared lower-case, without the dot). */
const ABBREVIATIONS = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'vs', 'etc', 'e.g', 'i.e', 'no', 'fig', 'al', 'approx',
  'inc', 'ltd', 'co', 'corp', 'dept', 'gen', 'gov', 'sen', 'rep', 'rev', 'capt', 'col', 'lt', 'sgt', 'mt',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'u.s', 'u.k', 'a.m', 'p.m',
  'sr', 'sra', 'mme', 'mlle', 'bzw', 'usw', 'z.b', 'd.h', 'ca', 'vgl', 'nr', 'str',
]);

const CLOSERS = new Set(['"', "'", '”', '’', ')', ']', '»', '」', '』', '）']);

/** Short forms that may end a sentence, their dot then doing for both ("…closed on Sun.", "…took 4 yrs."). */
const FINAL_ABBREVIATIONS = new Set(['mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun', 'yr', 'yrs', 'hr', 'hrs',
  'min', 'mins', 'sec', 'secs', 'wk', 'wks', 'mos', 'incl', 'excl', 'max', 'est', 'ave', 'blvd', 'rd', 'univ', 'vol', 'pp', 'cf', 'ft', 'lb', 'lbs', 'oz']);
const CAPITAL_ONLY = new Set(['mon', 'tue', 'tues', 'wed', 'thu', 'thur', 'thurs', 'fri', 'sat', 'sun', 'no']);

/**
 * Whether a sentence ends with an abbreviation whose dot is also its full stop ("…at 9 a.m.", "…on Sun.", "…, etc."): a
 * rule that drops or moves the final mark would take the abbreviation's dot with it ("…on Sun; what's more, …").
 */
export function endsWithAbbreviation(sentence: string): boolean {
  const m = /(?:^|[^\p{L}.])((?:\p{L}+\.)*\p{L}+)\.["'”’)\]]*$/u.exec(sentence.trimEnd());
  if (!m) return false;
  const word = m[1]!;
  const lower = word.toLowerCase();
  // A weekday or "No." only with its capital: "The cat sat.", "I love the sun.", "The answer was no." end on a word.
  if (CAPITAL_ONLY.has(lower) && !/^\p{Lu}/u.test(word)) return false;
  return word.includes('.') || ABBREVIATIONS.has(lower) || FINAL_ABBREVIATIONS.has(lower) || /^\p{Lu}$/u.test(word);
}
const FULL_WIDTH_END = new Set(['。', '！', '？', '｡']);
const ASCII_END = new Set(['.', '!', '?', '…', '؟', '۔']);

/** `/\s/u.test(ch)`, with the ASCII answer worked out without the regex. */
function isSpace(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 0x80) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return /\s/u.test(ch);
}

/** Code units at which a sentence may end: a line break (paragraph) or one of the end marks above. */
const BREAK_CODES = new Set([0x0a, ...[...FULL_WIDTH_END, ...ASCII_END].map((c) => c.charCodeAt(0))]);

/** The word right before position `dot` (exclusive), used for the abbreviation check. */
function wordBefore(text: string, dot: number): string {
  let i = dot;
  while (i > 0 && !isSpace(text[i - 1])) i--;
  return text.slice(i, dot).replace(/^[("'“‘[]+/u, '');
}

/**
 * Abbreviations written in pieces with a space between them ("z. B.", "d. h.", "EE. UU.", "т. е.", "p. ex."), compared
 * lower-case with the spaces taken out. A dot between two pieces never ends a sentence ("…kleinere Schäden, z." was cut
 * from "B. an Wasserhähnen …", "EE." from "UU."); nor does the last dot of those in NEVER_LAST, which nothing ends a sentence
 * with ("…, d. h. Ihr Blutdruck kann steigen", "…, т. е. Москва"). Those that may close a list ("u. a.", "u. v. m.", "и т.
 * д.", "EE. UU.") end one before a capital as any word does: "…nach EE. UU. Allí conoció …".
 */
const SPACED_ABBREVIATIONS = new Set([
  'z.b', 'd.h', 'u.a', 'v.a', 'u.u', 'o.ä', 'u.ä', 'm.e', 'z.t', 's.o', 's.u', 'i.d.r', 'u.v.m', 'o.g', 'i.a', 'a.d', 'n.chr', 'v.chr',
  'ee.uu', 'p.ej', 'p.ex', 'p.es', 'i.e', 'e.g', 'n.b',
  'т.е', 'т.к', 'т.д', 'т.п', 'т.н', 'т.ч', 'т.о', 'н.э',
]);
const NEVER_LAST = new Set(['z.b', 'd.h', 'v.a', 'u.u', 'm.e', 'z.t', 'i.d.r', 'i.a', 'p.ej', 'p.ex', 'p.es', 'i.e', 'e.g', 'n.b', 'т.е', 'т.к', 'т.н', 'т.ч', 'т.о']);
/** Pieces of up to three letters, each but the last followed by its dot, ending where the text before a dot ends. */
const PIECES_BEFORE = /(?:^|[^\p{L}.])((?:\p{L}{1,3}\.\s?)*\p{L}{1,3})$/u;
const PIECES_AFTER = /^(?:\s?\p{L}{1,3}\.)+/u;
const PIECE_NEXT = /^\s?\p{L}{1,3}\./u;

/** Whether the dot at `dot` is inside or at the end of a spaced abbreviation (SPACED_ABBREVIATIONS) that goes on. */
function inSpacedAbbreviation(text: string, dot: number, word: string): boolean {
  // A piece and its dot next to this one, before the word or after the dot (most dots have neither).
  const at = dot - word.length;
  if (text[at - 1] !== '.' && !(isSpace(text[at - 1]) && text[at - 2] === '.') && !PIECE_NEXT.test(text.slice(dot + 1, dot + 6))) return false;
  const head = PIECES_BEFORE.exec(text.slice(Math.max(0, dot - 16), dot))?.[1];
  if (!head) return false;
  const own = head.toLowerCase().replace(/\s+/gu, '').split('.');
  const next = (PIECES_AFTER.exec(text.slice(dot + 1, dot + 17))?.[0] ?? '').toLowerCase().replace(/\s+/gu, '').split('.').filter((p) => p.length > 0);
  for (let from = 0; from < own.length; from++) {
    const start = own.slice(from).join('.');
    if (next.length === 0 ? from < own.length - 1 && NEVER_LAST.has(start) : next.some((_, k) => SPACED_ABBREVIATIONS.has([start, ...next.slice(0, k + 1)].join('.')))) return true;
  }
  return false;
}

function endsSentenceAt(text: string, dot: number): boolean {
  if (text[dot] !== '.') return true;
  const before = wordBefore(text, dot);
  const lower = before.toLowerCase();
  if (ABBREVIATIONS.has(lower)) return false;
  // (Each piece has at most three letters: a longer word before the dot is no piece, and most dots end one.)
  if (before.length <= 3 && inSpacedAbbreviation(text, dot, before)) return false;
  // Single initials ("J. Smith") and dotted acronyms ("U.S.") keep the sentence going.
  if (/^\p{Lu}$/u.test(before)) return false;
  if (/^(?:\p{L}\.)+\p{L}$/u.test(before)) return false;
  return true;
}

/**
 * Splits text into sentences. Each span's text equals input.slice(start, end) and is trimmed of
 * surrounding whitespace; spans are in order and do not overlap.
 */
export function splitSentences(text: string): Span[] {
  const spans: Span[] = [];
  const n = text.length;
  let start = 0;
  const push = (end: number): void => {
    let s = start;
    let e = end;
    while (s < e && isSpace(text[s])) s++;
    while (e > s && isSpace(text[e - 1])) e--;
    if (e > s) spans.push({ text: text.slice(s, e), start: s, end: e });
    start = end;
  };
  for (let i = 0; i < n; i++) {
    // Most characters can end nothing: skipped without building a string for them.
    if (!BREAK_CODES.has(text.charCodeAt(i))) continue;
    const ch = text[i]!;
    if (ch === '\n' && text[i + 1] === '\n') { push(i); continue; }
    if (FULL_WIDTH_END.has(ch)) {
      let j = i + 1;
      while (j < n && (FULL_WIDTH_END.has(text[j]!) || CLOSERS.has(text[j]!))) j++;
      push(j);
      i = j - 1;
      continue;
    }
    if (!ASCII_END.has(ch)) continue;
    let j = i + 1;
    while (j < n && (ASCII_END.has(text[j]!) || CLOSERS.has(text[j]!))) j++;
    if (j < n && !isSpace(text[j])) continue;
    if (!endsSentenceAt(text, i)) continue;
    // A following lower-case word usually means the mark did not end the sentence
    // ("e.g. this", '"Yes!" she said').
    let k = j;
    while (k < n && isSpace(text[k])) k++;
    if (k < n && /\p{Ll}/u.test(text[k]!)) continue;
    push(j);
    i = j - 1;
  }
  push(n);
  return spans;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;

/** Word tokens (letters/digits, keeping inner apostrophes), with offsets. */
export function words(text: string): Span[] {
  const out: Span[] = [];
  for (const m of text.matchAll(WORD)) out.push({ text: m[0], start: m.index!, end: m.index! + m[0].length });
  return out;
}

/** Lower-cased word strings of a text. */
export function wordList(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) out.push(m[0].toLowerCase());
  return out;
}
