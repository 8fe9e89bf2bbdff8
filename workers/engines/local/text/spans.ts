/**
 * Kinds of text that a rewrite must return verbatim: quoted passages, URLs, e-mail addresses, numbers
 * and code-like tokens. One definition, used by the rewriter (to protect them) and by the rule checker
 * (to verify them).
 */

import { EMAIL, URL } from '../../../../domain/web-addresses.js';

export { EMAIL, URL };

/**
 * Quoted passages, within a line, up to 2,000 characters: straight or curly double quotes, guillemets, German „…“ and
 * ‚…‘, CJK brackets, and single quotes — curly ‘…’ and straight '…' — whose opening mark follows no letter and precedes
 * one and whose closing mark follows no space and precedes no letter, so that an apostrophe inside ("don't", "don’t")
 * or after a plural ("the students' books") neither opens nor closes one. A double quote opened after a space, a colon
 * or a comma and not closed on its line runs to the line's end: news copy leaves a quote that goes on in the next
 * paragraph open ("Sadiq Khan said: “I have been really pleased …").
 */
export const QUOTED = /"[^"\n]{1,2000}"|“[^”\n]{1,2000}”|(?<=^|\n|[:,]\s|\s)["“][^"“”\n]{1,2000}(?=\n|$)|«[^»\n]{1,2000}»|„[^“”\n]{1,2000}[“”]|‚[^‘’\n]{1,2000}[‘’]|「[^」\n]{1,2000}」|『[^』\n]{1,2000}』|(?<![\p{L}\p{N}])‘(?=\p{L})(?:[^’\n]|’(?=\p{L})){1,2000}?(?<=\S)’(?![\p{L}])|(?<![\p{L}\p{N}'])'(?=\p{L})(?:[^'\n]|'(?=\p{L})){1,2000}?(?<=[^\s'])'(?![\p{L}])/gu;

/**
 * Numbers with what is glued to them: currency signs, separators, decimals, ranges, times, dates,
 * percentages (Turkish writes the sign first: "%5") and short unit or ordinal suffixes ("$5.00", "3.5%", "1,200", "9:30",
 * "2019-2020", "3rd", "5G").
 */
export const NUMBER = /(?<![\p{L}\p{N}_])[$€£¥%]?\p{N}(?:[\p{N},.:/-]*\p{N})?(?:%|\p{L}{1,3})?(?![\p{L}\p{N}_])/gu;

/**
 * Code-like tokens: backtick spans, snake_case, camelCase and inner-capital names, calls "f()", dotted
 * names of two-letter-or-longer parts ("config.json", "os.path"), paths, hashtags and handles.
 */
export const CODE = new RegExp([
  '`[^`\\n]{1,200}`',
  '(?<![\\p{L}\\p{N}_])[\\p{L}\\p{N}]*_[\\p{L}\\p{N}_]+',
  '(?<![\\p{L}\\p{N}_])\\p{Ll}+\\p{Lu}[\\p{L}\\p{N}]*',
  '(?<![\\p{L}\\p{N}_])\\p{Lu}\\p{Ll}+\\p{Lu}[\\p{L}\\p{N}]*',
  '[\\p{L}_][\\p{L}\\p{N}_]*\\([^()\\s]{0,40}\\)',
  '(?<![\\p{L}\\p{N}_.])[\\p{L}_][\\p{L}\\p{N}_-]+(?:\\.[\\p{L}_][\\p{L}\\p{N}_-]+)+(?![\\p{L}\\p{N}_])',
  '(?<![\\p{L}\\p{N}])(?:~|\\.{1,2})?/[\\p{L}\\p{N}_.-]+(?:/[\\p{L}\\p{N}_.-]+)+/?',
  '(?<![\\p{L}\\p{N}_])[#@][\\p{L}_][\\p{L}\\p{N}_]+',
].join('|'), 'gu');

/** Every kind, in the order the rewriter protects them (earlier kinds claim overlapping text first). */
export const VERBATIM_KINDS: ReadonlyArray<{ kind: string; re: RegExp }> = [
  { kind: 'quote', re: QUOTED }, { kind: 'url', re: URL }, { kind: 'email', re: EMAIL },
  { kind: 'code', re: CODE }, { kind: 'number', re: NUMBER },
];

/** Occurrences of each matched string of one kind. */
export function tally(text: string, re: RegExp): Map<string, number> {
  const out = new Map<string, number>();
  for (const m of text.matchAll(re)) out.set(m[0], (out.get(m[0]) ?? 0) + 1);
  return out;
}

/** One verbatim token found in a text. */
export interface VerbatimMatch { start: number; end: number; text: string }

/**
 * What a CODE match (other than a backtick span) must contain: `_`, `(`, `/`, `#`, `@`, a dot before
 * a letter, or a lower-case letter followed by a capital. None of those alternatives matches
 * whitespace, and their look-arounds see whitespace and a text's edge alike, so they are found by
 * matching each whitespace-free token that has one of these on its own.
 */
const CODE_TRIGGER = /[_(/#@]|\.[\p{L}_]|\p{Ll}\p{Lu}/gu;

function codeMatches(text: string): VerbatimMatch[] {
  const out: VerbatimMatch[] = [];
  // A backtick span may contain spaces: the whole text is matched.
  if (text.includes('`')) {
    for (const m of text.matchAll(CODE)) out.push({ start: m.index!, end: m.index! + m[0].length, text: m[0] });
    return out;
  }
  let done = 0;
  for (const t of text.matchAll(CODE_TRIGGER)) {
    if (t.index! < done) continue;
    let start = t.index!;
    while (start > 0 && !/\s/u.test(text[start - 1]!)) start--;
    let end = t.index! + 1;
    while (end < text.length && !/\s/u.test(text[end]!)) end++;
    // Whitespace is one UTF-16 unit and never half of a surrogate pair, so the token's edges are safe to cut at.
    const token = text.slice(start, end);
    for (const m of token.matchAll(CODE)) out.push({ start: start + m.index!, end: start + m.index! + m[0].length, text: m[0] });
    done = end;
  }
  return out;
}

function allMatches(text: string, re: RegExp): VerbatimMatch[] {
  const out: VerbatimMatch[] = [];
  for (const m of text.matchAll(re)) out.push({ start: m.index!, end: m.index! + m[0].length, text: m[0] });
  return out;
}

/** Literal text without which a kind cannot match (URL and e-mail patterns are case-sensitive). */
function mayMatch(kind: string, text: string): boolean {
  if (kind === 'url') return text.includes('http://') || text.includes('https://') || text.includes('www.');
  if (kind === 'email') return text.includes('@');
  return true;
}

const MEMO_SIZE = 256;
const memo = new Map<string, ReadonlyArray<{ kind: string; matches: readonly VerbatimMatch[] }>>();

/**
 * Every match of each kind in VERBATIM_KINDS, in that order and in text order within a kind: the
 * same as `text.matchAll(re)` for each, found faster (see CODE_TRIGGER, mayMatch). The rewriter
 * protects and the checker counts the same texts, so recent results are kept; they are shared and
 * must not be changed.
 */
export function verbatimMatches(text: string): ReadonlyArray<{ kind: string; matches: readonly VerbatimMatch[] }> {
  const known = memo.get(text);
  if (known) return known;
  const found = VERBATIM_KINDS.map(({ kind, re }) => ({
    kind,
    matches: !mayMatch(kind, text) ? [] : kind === 'code' ? codeMatches(text) : allMatches(text, re),
  }));
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(text, found);
  return found;
}
