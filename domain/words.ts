/**
 * The one word-counting function (design.md "Words"), used by validation, billing and output_words alike.
 *
 * A word is a maximal run of non-space characters holding at least one letter or digit; inside runs of
 * scripts written without spaces, words are counted with Intl.Segmenter. So that the count cannot be
 * gamed by packing many words into one "run":
 *
 * - Spaces are the Unicode White_Space set plus characters that render blank: U+2800 (braille blank),
 *   the Hangul fillers U+3164, U+115F, U+1160, U+FFA0, and the other default-ignorable code points
 *   (zero-width space, word joiner, tag characters…). Zero-width joiners, variation selectors and the
 *   soft hyphen are transparent: they belong to the word around them.
 * - Inside a run, stretches of letters, marks and digits are joined into one word only by: a hyphen or an
 *   apostrophe (`state-of-the-art`, `don't`), `.` `,` `:` between digits (`3.5%`, `1,000`, `10:30`,
 *   `v1.2`), and `.` between single letters (`U.S.`, `e.g.`). Any other joiner (`/`, `_`, `|`, `—`, `…`,
 *   `@`, a symbol…) separates words, so `and/or` is two words.
 * - A chain of hyphen- or apostrophe-joined parts is one word when it has at most four parts of which at
 *   most two are longer than three characters (`state-of-the-art`, `mother-in-law`, `three-year-old`);
 *   otherwise each part counts (`a-b-c-d-e` is five words, `systems-analyze-data` three). An apostrophe
 *   suffix of one or two letters ending the run is not a part (`'s`, `'ll`). Packing real words into
 *   compounds thus gains at most two short words per word counted, as in ordinary compounds.
 * - A run that is a web address (`https://…`, `www.…`) or an e-mail address, brackets, quotes and final
 *   punctuation aside, is one word, as the design's rule says of any run, when it has at most 16
 *   stretches of letters and digits; a longer one counts each stretch. The rewriter returns addresses
 *   verbatim, so no engine rewrites words packed into one.
 */

import { EMAIL, URL } from './web-addresses.js';

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SPACELESS_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30FC]+/gu;
/** Blank-looking and invisible characters; the transparent ones among them are removed, the rest are spaces. */
const BLANK_OR_INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800]/gu;
const SPACES = /\p{White_Space}+/u;
/** Two stretches of letters/digits with something else between them: only then do joiners matter. */
const SEVERAL_SEGMENTS = /[\p{L}\p{M}\p{N}][^\p{L}\p{M}\p{N}]+[\p{L}\p{M}\p{N}]/u;
const TRANSPARENT = /^[\u00AD\u180B-\u180D\u180F\u200C\u200D\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const SEGMENT = /[\p{L}\p{M}\p{N}]+/gu;
const ALL_DIGITS = /^\p{N}+$/u;
const DIGIT = /\p{N}/u;
const SINGLE_LETTER = /^\p{L}\p{M}*$/u;
const HYPHEN_OR_APOSTROPHE = /^[-\u2010\u2011'\u2019\u02BC]$/;
const APOSTROPHE = /^['\u2019\u02BC]$/;
const DIGIT_JOINER = /^[.,:\u066B\u066C]$/;
/** Hyphen/apostrophe chains of more parts than this, or with more long parts, count every part. */
const MAX_COMPOUND_PARTS = 4;
const MAX_LONG_PARTS = 2;
/** Parts of up to this many letters or digits are short (of, the, in, to, 2024 is long). */
const SHORT_PART = 3;
/** An address of more letter/digit stretches than this counts each of them. */
const MAX_ADDRESS_SEGMENTS = 16;
/** A whole run that is one address; anchored, so matching is linear in the run's length. */
const WHOLE_ADDRESS = new RegExp(`^(?:${URL.source}|${EMAIL.source})$`, 'u');
/** What any address holds: `://`, `www.` or `@`. */
const ADDRESS_MARK = /:\/\/|www\.|@/;
const OPENING_MARKS = new Set(['(', '[', '<', '"', '\'', '\u201C', '\u2018', '\u00AB']);
const CLOSING_MARKS = new Set([')', ']', '>', '"', '\'', '\u201D', '\u2019', '\u00BB', '.', ',', ';', ':', '!', '?']);

let segmenter: Intl.Segmenter | undefined;

/**
 * ICU's dictionary segmentation slows down sharply on long unbroken runs (seconds for a 128 KiB run of
 * Han characters), so a long run is segmented in slices; a word cut in two at a slice edge counts twice,
 * at most one extra word per slice.
 */
const SEGMENT_SLICE = 500;

function segmentCount(run: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let n = 0;
  for (let start = 0; start < run.length;) {
    let end = Math.min(run.length, start + SEGMENT_SLICE);
    if (end < run.length && /[\uDC00-\uDFFF]/.test(run[end]!)) end++;
    for (const s of segmenter.segment(run.slice(start, end))) if (s.isWordLike) n++;
    start = end;
  }
  return n;
}

type Join = 'same-part' | 'new-part' | 'split';

function joinOf(left: string, joiner: string, right: string, rightIsLast: boolean): Join {
  if (DIGIT_JOINER.test(joiner)
    && ((ALL_DIGITS.test(left) && DIGIT.test(right[0] ?? '')) || (ALL_DIGITS.test(right) && DIGIT.test(left.at(-1) ?? '')))) return 'same-part';
  if (joiner === '.' && SINGLE_LETTER.test(left) && SINGLE_LETTER.test(right)) return 'same-part';
  if (APOSTROPHE.test(joiner) && rightIsLast && [...right].length <= 2 && !DIGIT.test(right)) return 'same-part';
  if (HYPHEN_OR_APOSTROPHE.test(joiner)) return 'new-part';
  return 'split';
}

/** Words in a compound of parts of these lengths (see the module comment). */
function compoundWords(parts: readonly number[]): number {
  if (parts.length <= 1) return parts.length;
  const long = parts.filter((n) => n > SHORT_PART).length;
  return parts.length > MAX_COMPOUND_PARTS || long > MAX_LONG_PARTS ? parts.length : 1;
}

/** Words in a stretch with no spaces and no spaceless-script characters. */
function countStretch(stretch: string): number {
  let words = 0;
  let parts: number[] = [];
  const segments = [...stretch.matchAll(SEGMENT)];
  segments.forEach((m, i) => {
    const previous = segments[i - 1];
    const join: Join = previous
      ? joinOf(previous[0], stretch.slice(previous.index + previous[0].length, m.index), m[0], i === segments.length - 1)
      : 'split';
    const length = [...m[0]].length;
    if (join === 'same-part') parts[parts.length - 1]! += length;
    else if (join === 'new-part') parts.push(length);
    else {
      words += compoundWords(parts);
      parts = [length];
    }
  });
  return words + compoundWords(parts);
}

/**
 * Whether a run is one web or e-mail address, once the brackets, quotes and punctuation around it are set
 * aside, of at most MAX_ADDRESS_SEGMENTS stretches of letters and digits.
 */
function isAddress(run: string): boolean {
  if (!ADDRESS_MARK.test(run)) return false;
  let start = 0;
  let end = run.length;
  while (start < end && OPENING_MARKS.has(run[start]!)) start++;
  while (end > start && CLOSING_MARKS.has(run[end - 1]!)) end--;
  const core = run.slice(start, end);
  return WHOLE_ADDRESS.test(core) && (core.match(SEGMENT)?.length ?? 0) <= MAX_ADDRESS_SEGMENTS;
}

export function countWords(text: string): number {
  const spaced = text.replace(BLANK_OR_INVISIBLE, (c) => (TRANSPARENT.test(c) ? '' : ' '));
  let total = 0;
  for (const token of spaced.split(SPACES)) {
    if (!token || !HAS_LETTER_OR_DIGIT.test(token)) continue;
    if (!SPACELESS.test(token)) { total += SEVERAL_SEGMENTS.test(token) && !isAddress(token) ? countStretch(token) : 1; continue; }
    // A token mixing spaceless script with other characters: segment the spaceless runs, and count the
    // stretches between them by the rules above.
    for (const part of token.split(SPACELESS_RUNS)) if (HAS_LETTER_OR_DIGIT.test(part)) total += countStretch(part);
    for (const m of token.matchAll(SPACELESS_RUNS)) total += Math.max(1, segmentCount(m[0]));
  }
  return total;
}
