import { expect } from 'chai';
import type { Example } from '../bench/detector/lib/dataset.js';
import { consistentDirections, fitThinEvidence, humanSourceSpread, sampleWeights, TRAINING, type Row } from '../bench/detector/lib/fit-model.js';
import type { FeatureSpec } from '../workers/engines/local/detector/feature-specs.js';
import { fitNgram, ngramCounts, ngramLogit } from '../bench/detector/lib/ngram-model.js';
import { FEATURE_NAMES, type FeatureVector } from '../workers/engines/local/detector/features.js';
import { tokenize, wordBucket, type HashSpec } from '../workers/engines/local/detector/ngrams.js';

const SPEC: HashSpec = { bits: 12, word_ngrams: [1, 1], char_ngrams: [0, 0] };
const zero = Object.fromEntries(FEATURE_NAMES.map((n) => [n, 0])) as FeatureVector;

function row(source: string, label: 0 | 1, generator: string, text = 'x', group = `${source}/${Math.random()}`): Row {
  const ex: Example = { text, label: label ? 'ai' : 'human', domain: 'd', generator, group, source };
  return { ex, features: zero, words: 100, englishShare: 1, counts: ngramCounts(tokenize(text), SPEC), label };
}

describe('detector training', () => {
  it('weighs every source, class and generator the same, and a human-only source half', () => {
    const rows = [
      row('a', 0, 'human'), row('a', 0, 'human'),
      ...Array.from({ length: 4 }, () => row('a', 1, 'gpt-4')), ...Array.from({ length: 2 }, () => row('a', 1, 'gpt2-xl')),
      row('b', 0, 'human'), row('b', 1, 'gpt-4'),
      row('c', 0, 'human'), row('c', 0, 'human'), row('c', 0, 'human'),
    ];
    const w = sampleWeights(rows);
    const total = (pred: (r: Row) => boolean): number => rows.reduce((s, r, i) => s + (pred(r) ? w[i]! : 0), 0);
    const unit = total((r) => r.ex.source === 'a' && r.label === 0);
    expect(total((r) => r.ex.source === 'a' && r.label === 1)).to.be.closeTo(unit, 1e-9);
    expect(total((r) => r.ex.source === 'b' && r.label === 1)).to.be.closeTo(unit, 1e-9);
    expect(total((r) => r.ex.generator === 'gpt-4' && r.ex.source === 'a')).to.be.closeTo(total((r) => r.ex.generator === 'gpt2-xl'), 1e-9);
    expect(total((r) => r.ex.source === 'c')).to.be.closeTo(unit / 2, 1e-9);
    expect(w.reduce((a, b) => a + b, 0) / w.length).to.be.closeTo(1, 1e-9);
  });

  it('measures how far apart kinds of human writing sit: spread of per-source human medians, in calibrated logits', () => {
    const rows: Row[] = [];
    const loso: number[] = [];
    const add = (source: string, label: 0 | 1, logits: number[]): void => {
      for (const l of logits) { rows.push(row(source, label, label ? 'gpt-4' : 'human')); loso.push(l); }
    };
    const n = TRAINING.minHumanTexts;
    add('low', 0, Array.from({ length: n }, (_, i) => -2 + (i < n / 2 ? -1 : 1))); // median -2
    add('high', 0, Array.from({ length: n + 1 }, (_, i) => (i === n ? 50 : -1))); // median -1 (one outlier)
    add('high', 1, Array.from({ length: n }, () => 40)); // machine texts do not count
    add('tiny', 0, [30, 30, 30]); // too few human texts to count
    // calibrated = 2 × logit + 0.5: medians -3.5 and -1.5 → spread 2 × 1
    expect(humanSourceSpread(rows, loso, { slope: 2, intercept: 0.5 })).to.be.closeTo(2, 1e-9);
    expect(humanSourceSpread(rows, loso, { slope: 0.5, intercept: -7 })).to.be.closeTo(0.5, 1e-9);
    expect(humanSourceSpread(rows, loso, { slope: 10, intercept: 0 })).to.equal(TRAINING.maxSourceMargin);
    const one = rows.map((r) => r.ex.source === 'low');
    expect(humanSourceSpread(rows.filter((_, i) => one[i]), loso.filter((_, i) => one[i]), { slope: 1, intercept: 0 })).to.equal(0);
  });

  it('fits the thin-evidence pull from held-out logits: strong when short texts\' logits are overconfident, weak but never none when they are not', () => {
    let seed = 7;
    const uniform = (): number => { seed = (seed * 1103515245 + 12345) % 2147483648; return (seed + 0.5) / 2147483648; };
    const normal = (): number => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    /** Long texts: logit ±1 + noise. Short texts: the same, times (80 / words)^inflate (inflate 0: as reliable as long ones). */
    const sample = (inflate: number): { rows: Row[]; z: number[] } => {
      const rows: Row[] = [];
      const z: number[] = [];
      for (const source of ['a', 'b']) {
        for (const label of [0, 1] as const) {
          for (let i = 0; i < 300; i++) {
            const words = i < 100 ? 20 + (i % 60) : 200;
            rows.push({ ...row(source, label, label ? 'gpt-4' : 'human'), words });
            z.push(((label ? 1 : -1) + normal()) * (words < 80 ? (80 / words) ** inflate : 1));
          }
        }
      }
      // Base-model continuations take no part, however their logits look.
      for (let i = 0; i < 50; i++) { rows.push({ ...row('a', 1, 'gpt2-xl'), words: 30 }); z.push(-40); }
      return { rows, z };
    };
    const overconfident = sample(1);
    const reliable = sample(0);
    const strong = fitThinEvidence(overconfident.rows, overconfident.z, 80);
    const weak = fitThinEvidence(reliable.rows, reliable.z, 80);
    expect(strong.maximum_likelihood).to.be.within(0.4, 1.6);
    expect(strong.exponent).to.be.at.least(strong.maximum_likelihood);
    expect(weak.maximum_likelihood).to.be.below(0.2);
    expect(weak.exponent).to.be.greaterThan(0);
    expect(weak.exponent).to.be.below(strong.maximum_likelihood);
    expect(strong.short_texts).to.equal(400);
  });

  it('fits the n-gram model pairwise, so what a source shares across both classes cancels out', () => {
    // Source "upper" always says "header", source "lower" always "footer"; machine texts say "delve", human ones "reckon".
    // Source "upper" has more machine texts, so a plain classifier would learn "header" as machine-like.
    const rows: Row[] = [];
    for (let i = 0; i < 30; i++) {
      rows.push(row('upper', 1, 'gpt-4', `header delve plan ${i}`, `upper/${i}`));
      if (i % 3 === 0) rows.push(row('upper', 0, 'human', `header reckon plan ${i}`, `upper/${i}`));
      if (i % 3 === 0) rows.push(row('lower', 1, 'gpt-4', `footer delve note ${i}`, `lower/${i}`));
      rows.push(row('lower', 0, 'human', `footer reckon note ${i}`, `lower/${i}`));
    }
    const fit = fitNgram(rows.map((r) => r.counts), rows.map((r) => r.label), sampleWeights(rows), SPEC, 7, rows.map((r) => r.ex));
    const weight = (word: string): number => fit.weights[wordBucket([word], SPEC.bits)]!;
    expect(weight('delve')).to.be.greaterThan(0.1);
    expect(weight('reckon')).to.be.lessThan(-0.1);
    expect(Math.abs(weight('header'))).to.be.lessThan(1e-6);
    expect(Math.abs(weight('footer'))).to.be.lessThan(1e-6);
    const ai = ngramLogit(fit, ngramCounts(tokenize('footer delve note'), SPEC));
    const human = ngramLogit(fit, ngramCounts(tokenize('header reckon plan'), SPEC));
    expect(ai).to.be.greaterThan(human);
    // Deterministic for a seed.
    const again = fitNgram(rows.map((r) => r.counts), rows.map((r) => r.label), sampleWeights(rows), SPEC, 7, rows.map((r) => r.ex));
    expect([...again.weights]).to.deep.equal([...fit.weights]);
  });

  it('lets a feature into the meta model only with one direction in every source, ignoring base-model text', () => {
    const n = TRAINING.minHumanTexts;
    const rows: Row[] = [];
    const add = (source: string, label: 0 | 1, generator: string, f: Partial<FeatureVector>): void => {
      for (let i = 0; i < n; i++) rows.push({ ...row(source, label, generator), features: { ...zero, ...f, comma_rate: f.comma_rate ?? 0 + i / 1000 } });
    };
    // comma_rate: higher in chat text in both sources → +1. digit_share: higher in chat text in "a", lower in "b" → left out.
    // quote_rate: base-model text differs, chat text not at all → no direction. word_length_mean: against its documented +1 → left out.
    add('a', 0, 'human', { comma_rate: 0.01, digit_share: 0.01, word_length_mean: 5 });
    add('a', 1, 'gpt-4', { comma_rate: 0.05, digit_share: 0.05, word_length_mean: 4 });
    add('a', 1, 'gpt2-xl', { quote_rate: 0.5 });
    add('b', 0, 'human', { comma_rate: 0.02, digit_share: 0.05, word_length_mean: 5 });
    add('b', 1, 'chatgpt', { comma_rate: 0.06, digit_share: 0.01, word_length_mean: 4 });
    add('b', 1, 'opt-2.7b', { quote_rate: 0.5 });
    const specs: FeatureSpec[] = [
      { name: 'comma_rate', transform: 'identity', direction: 1, local: true },
      { name: 'digit_share', transform: 'identity', direction: 0, local: true },
      { name: 'quote_rate', transform: 'identity', direction: 0, local: true },
      { name: 'word_length_mean', transform: 'identity', direction: 1, local: true },
    ];
    const dirs = consistentDirections(rows, specs);
    expect(dirs[0]).to.equal(1);
    expect(dirs.slice(1).every((d) => Number.isNaN(d))).to.equal(true);
    // A source without enough texts of both classes does not vote.
    expect(consistentDirections([...rows, row('c', 0, 'human'), row('c', 1, 'gpt-4')], specs)[0]).to.equal(1);
  });
});
