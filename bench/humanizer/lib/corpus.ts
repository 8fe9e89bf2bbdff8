/** Inputs of the humanizer's golden check (golden.ts) and speed bench (speed.ts). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from './data.js';

/** The inputs of test/local-humanizer-properties.test.ts. */
export { HUMANIZER_CORPUS as PROPERTY_CORPUS } from '../../../test/support/humanizer-corpus.js';

/** Every k-th text of the detection data's training file, `count` of them (all when there are fewer), in file order. */
export function dataTexts(count = 100): string[] {
  const path = resolve(REPO_ROOT, '../shared/data/detect/train.jsonl');
  const texts = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim().length > 0).map((l) => (JSON.parse(l) as { text: string }).text);
  const n = Math.min(count, texts.length);
  const step = texts.length / n;
  return Array.from({ length: n }, (_, i) => texts[Math.floor(i * step)]!);
}

/** Multi-paragraph texts of about 1,000 words made of consecutive data texts. */
export function longTexts(texts: readonly string[], count: number): string[] {
  const out: string[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    const parts: string[] = [];
    let words = 0;
    while (words < 1000) { const t = texts[at++ % texts.length]!; parts.push(t); words += t.split(/\s+/u).length; }
    out.push(parts.join('\n\n'));
  }
  return out;
}
