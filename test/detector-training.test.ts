import { expect } from 'chai';
import type { Example } from '../bench/detector/lib/dataset.js';
import { sampleWeights, type Row } from '../bench/detector/lib/fit-model.js';
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
});
