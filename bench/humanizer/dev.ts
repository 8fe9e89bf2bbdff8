/**
 * Development loop for the humanizer's rules, kept apart from the evaluation: a detector of the same
 * build as the held-out one is trained on four fifths of half A and the rules are tried on the
 * machine-written texts of the remaining fifth. Half B (the evaluation) is never touched here.
 * Prints mean P(AI) before/after per mode, overlap, length, defects, and the features that still
 * weigh most towards "machine" across the rewrites.
 *
 *   npx tsx bench/humanizer/dev.ts     (DEV_LIMIT texts, default 150; DEV_MODES=standard,aggressive)
 */
import { createLocalDetector } from '../../workers/engines/local/index.js';
import { checkRewrite } from '../../workers/engines/local/humanizer/checker.js';
import { bestCandidate } from '../../workers/engines/local/humanizer/humanizer.js';
import { hash32 } from '../../workers/engines/local/humanizer/random.js';
import { contentOverlap } from '../../workers/engines/local/text/measures.js';
import type { Mode } from '../../domain/options.js';
import { loadAll, sideOf } from './lib/data.js';
import { trainHoldoutDetector } from './lib/holdout-detector.js';

const halfA = loadAll().filter((e) => sideOf(e.group) === 'A');
const isDev = (group: string): boolean => hash32(group, 7) % 5 === 0;
const dev = trainHoldoutDetector(halfA.filter((e) => !isDev(e.group)), { epochs: 3 });
const ai = halfA.filter((e) => isDev(e.group) && e.label === 'ai');
const limit = Number(process.env['DEV_LIMIT'] ?? 150);
const texts = Array.from({ length: Math.min(limit, ai.length) }, (_, i) => ai[Math.floor(i * ai.length / Math.min(limit, ai.length))]!.text);
const local = createLocalDetector();
const mean = (x: number[]): number => x.reduce((a, b) => a + b, 0) / Math.max(1, x.length);
const before = mean(texts.map((t) => dev.prob(t)));
for (const mode of (process.env['DEV_MODES'] ?? 'standard,aggressive').split(',') as Mode[]) {
  const outs = texts.map((t) => bestCandidate({ text: t, mode, readability: 'college', tone: { kind: 'builtin', name: 'casual' }, language: 'en', freezeWords: [], seed: 1 }, local).text);
  const defects = outs.flatMap((o, i) => checkRewrite(texts[i]!, o, { freezeWords: [], language: 'en' }));
  console.log(mode, before.toFixed(3), '->', mean(outs.map((o) => dev.prob(o))).toFixed(3), 'overlap', mean(outs.map((o, i) => contentOverlap(texts[i]!, o))).toFixed(3),
    'length', mean(outs.map((o, i) => o.length / texts[i]!.length)).toFixed(3), 'defects', defects.length, JSON.stringify(defects.slice(0, 3)));
  const tally = new Map<string, number>();
  for (const o of outs) for (const { feature, weight } of dev.explain(o, 15)) tally.set(feature, (tally.get(feature) ?? 0) + weight);
  console.log([...tally].sort((a, b) => b[1] - a[1]).slice(0, 60).map(([f, w]) => `${JSON.stringify(f)}:${w.toFixed(1)}`).join(' '));
}
