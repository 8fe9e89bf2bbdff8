/** Loads the labelled detection data (JSON lines) from DETECT_DATA or ../shared/data/detect/train.jsonl. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Example { text: string; label: 'human' | 'ai'; domain: string; generator: string; group: string }

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export function dataPath(): string {
  return process.env['DETECT_DATA'] ?? resolve(REPO_ROOT, '../shared/data/detect/train.jsonl');
}

export function loadExamples(path = dataPath()): Example[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim().length > 0).map((line, i) => {
    const o = JSON.parse(line) as Partial<Example>;
    if (typeof o.text !== 'string' || (o.label !== 'human' && o.label !== 'ai')) throw new Error(`line ${i + 1}: needs text and label`);
    return {
      text: o.text, label: o.label, domain: o.domain ?? 'unknown',
      generator: o.generator ?? 'unknown', group: o.group ?? `line-${i + 1}`,
    };
  });
}
