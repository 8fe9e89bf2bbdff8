/**
 * The detection data split in two halves by source-document group: half A teaches the humanizer which
 * phrasing is machine-typical (phrase-table.ts); half B trains the independent detector the humanizer
 * is evaluated against (holdout-detector.ts), and a slice of B's groups is kept out of that training
 * to be rewritten in the evaluation. A group never sits on two sides.
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadExamples, REPO_ROOT, type Example } from '../../detector/lib/dataset.js';
import { hash32 } from '../../../workers/engines/local/humanizer/random.js';

export const DATA_DIR = resolve(REPO_ROOT, '../shared/data/detect');

export function loadAll(): Example[] {
  const extra = resolve(DATA_DIR, 'extra');
  const files = readdirSync(extra).filter((f) => f.endsWith('.jsonl')).sort();
  return [...loadExamples(resolve(DATA_DIR, 'train.jsonl')), ...files.flatMap((f) => loadExamples(resolve(extra, f)))];
}

export type Side = 'A' | 'B-train' | 'B-test';

/** Half A: even hash; half B: odd hash, of which one group in five is held out for evaluation. */
export function sideOf(group: string): Side {
  const h = hash32(group, 0x2545f491);
  if (h % 2 === 0) return 'A';
  return (h >>> 1) % 5 === 0 ? 'B-test' : 'B-train';
}
