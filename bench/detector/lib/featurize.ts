/**
 * Training rows of the labelled examples, computed with the shipped feature and n-gram code. Rows are
 * cached in the OS temp directory under a key of the texts, the hashing spec and the feature names,
 * so train and eval runs after the first skip the featurising.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { analyze, FEATURE_NAMES } from '../../../workers/engines/local/detector/features.js';
import { tokenize } from '../../../workers/engines/local/detector/ngrams.js';
import { loadWordRanks } from '../../../workers/engines/local/detector/word-ranks.js';
import type { Example } from './dataset.js';
import { HASHING, type Row } from './fit-model.js';
import { ngramCounts } from './ngram-model.js';

/** Bump when tokenisation or feature code changes in a way the key below cannot see. */
const FEATURIZE_VERSION = 3;
/** The feature code itself is part of the key, so an edited pattern is never read from a stale cache. */
const FEATURE_SOURCES = ['features.ts', 'slips.ts', 'lexicon.ts', 'ngrams.ts']
  .map((f) => new URL(`../../../workers/engines/local/detector/${f}`, import.meta.url));

export function featurize(examples: readonly Example[]): Row[] {
  const key = createHash('sha256').update(JSON.stringify([FEATURIZE_VERSION, HASHING, FEATURE_NAMES]));
  for (const f of FEATURE_SOURCES) key.update(readFileSync(f));
  for (const e of examples) key.update(`${e.source}\t${e.label}\t${e.generator}\t${e.text}\n`);
  const cache = join(tmpdir(), `detector-rows-${key.digest('hex').slice(0, 20)}.v8`);
  if (existsSync(cache)) return deserialize(readFileSync(cache)) as Row[];
  const ranks = loadWordRanks();
  const rows: Row[] = examples.map((ex) => {
    const a = analyze(ex.text, ranks);
    return {
      ex, features: a.features, words: a.wordCount, englishShare: a.knownWordShare,
      counts: ngramCounts(tokenize(ex.text, 0, ex.text.length, ranks.rank, HASHING.keep_words), HASHING), label: ex.label === 'ai' ? 1 : 0,
    };
  });
  writeFileSync(cache, serialize(rows));
  return rows;
}
