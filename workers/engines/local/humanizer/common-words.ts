/**
 * Whether a word may take a capital where it comes to open a sentence: an ordinary English word (SUBTLEX-US, the
 * detector's table of general words), not code, a command, a symbol or a variable ("npm install", "n = 50", "<br/>").
 */
import { loadWordRanks } from '../detector/word-ranks.js';

const COMMON_WORDS = loadWordRanks();

/** Whether the text starts (after spaces) with an ordinary lower-case English word, safe to capitalise. */
export function capitalisable(rest: string): boolean {
  const m = /^\s*(\p{Ll}[\p{Ll}'’]*)(?=$|[\s,.;:!?)\]”"])/u.exec(rest);
  return !!m && (m[1]!.length > 1 || m[1] === 'a') && COMMON_WORDS.rank(m[1]!) < COMMON_WORDS.unknownRank;
}
