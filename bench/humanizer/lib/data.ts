/**
 * The detection data split in two halves by source-document group: half A teaches the humanizer which
 * phrasing is machine-typical (phrase-table.ts); half B trains the independent detector the humanizer
 * is evaluated against (holdout-detector.ts), and a slice of B's groups is kept out of that training
 * to be rewritten in the evaluation. A group never sits on two sides.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash32 } from '../../../workers/engines/local/humanizer/random.js';

export interface Example { text: string; label: 'human' | 'ai'; domain: string; generator: string; group: string }

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const DATA_DIR = process.env['DETECT_DATA_DIR'] ?? resolve(REPO_ROOT, '../shared/data/detect');

function loadExamples(path: string): Example[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim().length > 0).map((line, i) => {
    const o = JSON.parse(line) as Partial<Example>;
    if (typeof o.text !== 'string' || (o.label !== 'human' && o.label !== 'ai')) throw new Error(`${path}:${i + 1}: needs text and label`);
    return { text: o.text, label: o.label, domain: o.domain ?? 'unknown', generator: o.generator ?? 'unknown', group: o.group ?? `line-${i + 1}` };
  });
}

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
