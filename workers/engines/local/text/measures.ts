/** Text measures used to check rewrites: syllables, Flesch–Kincaid grade, content-word overlap. */
import { FUNCTION_WORDS } from './function-words.js';
import { splitSentences } from './segment.js';

/** English syllable estimate: vowel groups, minus a silent final e, at least one. */
export function syllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/gu, '');
  if (w.length === 0) return 0;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/u, '').replace(/^y/u, '');
  const groups = trimmed.match(/[aeiouy]{1,2}/gu);
  return Math.max(1, groups ? groups.length : 1);
}

/** Flesch–Kincaid grade level: 0.39 × words/sentence + 11.8 × syllables/word − 15.59. */
export function fleschKincaidGrade(text: string): number {
  const sentences = splitSentences(text).filter((s) => /\p{L}/u.test(s.text));
  const words = text.match(/\p{L}+(?:['’-]\p{L}+)*/gu) ?? [];
  if (sentences.length === 0 || words.length === 0) return 0;
  const syl = words.reduce((a, w) => a + syllables(w), 0);
  return 0.39 * (words.length / sentences.length) + 11.8 * (syl / words.length) - 15.59;
}

/** Lower-cased content words (not function words, three letters or more). */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\p{L}+(?:['’-]\p{L}+)*/gu)) {
    const w = m[0].toLowerCase();
    if (w.length >= 3 && !FUNCTION_WORDS.has(w)) out.add(w);
  }
  return out;
}

/** Share of the input's content words that the output still contains (1 when the input has none). */
export function contentOverlap(input: string, output: string): number {
  const a = contentWords(input);
  if (a.size === 0) return 1;
  const b = contentWords(output);
  let kept = 0;
  for (const w of a) if (b.has(w)) kept++;
  return kept / a.size;
}

/**
 * Share of the input's words (lower-cased, in order) that are not kept in the longest common
 * subsequence with the output: 0 for an unchanged text, higher the more was changed or moved.
 */
export function wordChangeRate(input: string, output: string): number {
  const a = (input.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []);
  const b = (output.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []);
  if (a.length === 0) return 0;
  let prev = new Uint16Array(b.length + 1);
  let cur = new Uint16Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    [prev, cur] = [cur, prev];
  }
  return 1 - prev[b.length]! / a.length;
}
