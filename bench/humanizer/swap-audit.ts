/**
 * Audit of what the humanizer changes, for reading by a person: rewrites machine-written texts of the
 * development side of the data (never the evaluation's held-out half), aligns each output with its
 * input word by word, and lists every change of up to three words with how often it happened and one
 * example in context, most frequent first. Meaning and grammar damage ("could result in" →
 * "could outcome in") shows up here long before it shows in an average.
 *
 *   npx tsx bench/humanizer/swap-audit.ts [top=150] [mode=standard] [readability=college] [tone=casual]
 *   (AUDIT_TEXTS, default 400)
 */
import type { BuiltinTone, Mode, Readability } from '../../domain/options.js';
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { loadAll, sideOf } from './lib/data.js';

const [top = '150', mode = 'standard', readability = 'college', tone = 'casual'] = process.argv.slice(2);
const limit = Number(process.env['AUDIT_TEXTS'] ?? 400);
const texts = loadAll().filter((e) => e.label === 'ai' && sideOf(e.group) !== 'B-test')
  .filter((_, i) => i % 9 === 0).slice(0, limit).map((e) => e.text);
const detector = createLocalDetector();
const tokens = (s: string): string[] => s.match(/[\p{L}\p{N}'’]+|[^\s\p{L}\p{N}]/gu) ?? [];

const changes = new Map<string, { n: number; example: string }>();
for (const text of texts) {
  const out = bestCandidate({
    text, mode: mode as Mode, tone: { kind: 'builtin', name: tone as BuiltinTone }, readability: readability as Readability,
    language: 'en', freezeWords: [], seed: 1,
  }, detector).text;
  const a = tokens(text);
  const b = tokens(out);
  if (a.length * b.length > 4e6) continue;
  // Longest common subsequence table, then walk it: each run of unmatched tokens is one change.
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { i++; j++; continue; }
    const si = i;
    const sj = j;
    while ((i < a.length || j < b.length) && !(i < a.length && j < b.length && a[i] === b[j])) {
      if (j >= b.length || (i < a.length && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) i++; else j++;
    }
    const from = a.slice(si, i).join(' ');
    const to = b.slice(sj, j).join(' ');
    if (from.split(' ').length > 3 || to.split(' ').length > 3 || !/\p{L}/u.test(from + to)) continue;
    const key = `${from.toLowerCase()} → ${to.toLowerCase()}`;
    const entry = changes.get(key) ?? {
      n: 0, example: `${a.slice(Math.max(0, si - 4), i + 4).join(' ')}  ⇒  ${b.slice(Math.max(0, sj - 4), j + 4).join(' ')}`,
    };
    entry.n++;
    changes.set(key, entry);
  }
}
console.log(`${texts.length} texts, ${mode}, ${readability}, ${tone}`);
for (const [key, { n, example }] of [...changes].sort((x, y) => y[1].n - x[1].n).slice(0, Number(top))) {
  console.log(`${String(n).padStart(4)}  ${key.padEnd(40)} | ${example}`);
}
