/**
 * The one word-counting function (design.md "Words"): a word is a maximal run of non-space characters
 * holding at least one letter or digit; inside runs of scripts written without spaces, words are
 * counted with Intl.Segmenter. Used by validation, billing and output_words alike.
 */

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const SPACELESS_RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30FC]+/gu;

let segmenter: Intl.Segmenter | undefined;

function segmentCount(run: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let n = 0;
  for (const s of segmenter.segment(run)) if (s.isWordLike) n++;
  return n;
}

export function countWords(text: string): number {
  let total = 0;
  for (const token of text.split(/\s+/u)) {
    if (!token || !HAS_LETTER_OR_DIGIT.test(token)) continue;
    if (!SPACELESS.test(token)) { total++; continue; }
    // A token mixing spaceless script with other characters: segment the spaceless runs, and count
    // each remaining stretch holding a letter or digit as one word.
    let rest = 0;
    for (const part of token.split(SPACELESS_RUNS)) if (HAS_LETTER_OR_DIGIT.test(part)) rest++;
    for (const m of token.matchAll(SPACELESS_RUNS)) rest += Math.max(1, segmentCount(m[0]));
    total += rest;
  }
  return total;
}
