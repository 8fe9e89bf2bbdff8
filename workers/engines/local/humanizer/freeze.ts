/**
 * Protection of text that must come back verbatim: freeze words (every occurrence, matched exactly),
 * quoted passages, URLs, e-mail addresses, numbers and code-like tokens (text/spans.ts). Protected
 * spans become opaque placeholders made of private-use characters, which no rewriting rule matches,
 * and are restored at the end.
 */
import { verbatimMatches } from '../text/spans.js';

const OPEN = '\uE000';
const CLOSE = '\uE001';
/** Digits 0-9 of placeholder indices, also private-use so placeholders contain no letters or digits. */
const DIGIT_BASE = 0xe010;

export const PLACEHOLDER = /\uE000[\uE010-\uE019]+\uE001/gu;

function encode(i: number): string {
  return OPEN + [...String(i)].map((d) => String.fromCharCode(DIGIT_BASE + Number(d))).join('') + CLOSE;
}

function decode(token: string): number {
  return Number([...token.slice(1, -1)].map((c) => String(c.charCodeAt(0) - DIGIT_BASE)).join(''));
}

export interface Protected { text: string; restore(rewritten: string): string; spans: string[] }


/**
 * Replaces every occurrence of each freeze word, every quoted passage and every verbatim token with a
 * placeholder; overlapping occurrences are merged into one span so all survive.
 */
export function protect(text: string, freezeWords: readonly string[], options: { quotes?: boolean; verbatim?: boolean } = {}): Protected {
  const ranges: Array<[number, number]> = [];
  for (const word of new Set(freezeWords)) {
    if (word.length === 0) continue;
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) ranges.push([at, at + word.length]);
  }
  const found = verbatimMatches(text);
  if (options.quotes !== false) for (const m of found.find((k) => k.kind === 'quote')!.matches) ranges.push([m.start, m.end]);
  if (options.verbatim !== false) {
    for (const { kind, matches } of found) {
      if (kind === 'quote') continue;
      for (const m of matches) ranges.push([m.start, m.end]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = merged.at(-1);
    if (last && r[0] < last[1]) last[1] = Math.max(last[1], r[1]); else merged.push([r[0], r[1]]);
  }
  const spans: string[] = [];
  let out = '';
  let pos = 0;
  for (const [s, e] of merged) {
    out += text.slice(pos, s) + encode(spans.length);
    spans.push(text.slice(s, e));
    pos = e;
  }
  out += text.slice(pos);
  return {
    text: out,
    spans,
    restore: (rewritten) => rewritten.replace(PLACEHOLDER, (token) => spans[decode(token)] ?? ''),
  };
}

export function hasPlaceholder(text: string): boolean {
  return text.includes(OPEN);
}
