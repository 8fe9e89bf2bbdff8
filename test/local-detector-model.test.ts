import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { evidenceScale, shrinkScore } from '../workers/engines/local/detector/detector.js';
import { createScorer, loadDetectorWeights } from '../workers/engines/local/detector/model.js';
import { tokenize, vectorize } from '../workers/engines/local/detector/ngrams.js';
import { phraseSignals } from '../workers/engines/local/detector/signals.js';
import { loadWordRanks } from '../workers/engines/local/detector/word-ranks.js';
import { createLocalDetector } from '../workers/engines/local/index.js';
import { AI_BOILERPLATE, HUMAN_PROSE } from './support/local-samples.js';

const live = (): AbortSignal => new AbortController().signal;
const weights = loadDetectorWeights();
const ranks = loadWordRanks();
const scorer = createScorer(weights);
const detector = createLocalDetector();
const cut = weights.thresholds;

const GERMAN = 'Der Hund läuft schnell über die grüne Wiese, und die Kinder lachen laut dabei. '.repeat(4) +
  'Später regnet es lange, und alle gehen nach Hause, wo die Mutter schon eine warme Suppe gekocht hat. '.repeat(4);

describe('local detector: n-gram model', () => {
  it('normalises case, punctuation spacing, quote marks and digits before hashing', () => {
    const a = vectorize(tokenize('The Report , released in 2019 , said “it\u2019s fine” .'), weights.ngram.hashing, scorer.ngram.idf);
    const b = vectorize(tokenize("the report, released in 1987, said \"it's fine\"."), weights.ngram.hashing, scorer.ngram.idf);
    expect([...a.index].sort()).to.deep.equal([...b.index].sort());
    const norm = (v: typeof a): number => Math.sqrt(v.value.reduce((s, x) => s + x * x, 0));
    expect(norm(a)).to.be.closeTo(1, 1e-5);
  });

  it('keeps token offsets into the original text', () => {
    const text = '  Hello,  World! 42 ';
    for (const t of tokenize(text)) expect(text.slice(t.start, t.end).toLowerCase().replace(/[0-9]+/gu, '0')).to.equal(t.norm);
    const at = text.indexOf('World');
    const inner = tokenize(text, at, at + 6);
    expect(inner.map((t) => t.norm)).to.deep.equal(['world', '!']);
    expect(inner[0]!.start).to.equal(at);
  });

  it('stands rarer words in for their frequency class when the model keeps only common words, keeping offsets and the word', () => {
    const text = 'The committee will leverage synergies, I think.';
    const tokens = tokenize(text, 0, text.length, ranks.rank, 500);
    expect(tokens.map((t) => t.norm)).to.deep.equal(['the', `#${Math.floor(Math.log2(ranks.rank('committee')))}`, 'will',
      `#${Math.floor(Math.log2(ranks.rank('leverage')))}`, `#${Math.floor(Math.log2(ranks.rank('synergies')))}`, ',', 'i', 'think', '.']);
    expect(tokens[1]!.word).to.equal('committee');
    expect(tokens[0]!.word).to.equal(undefined);
    for (const t of tokens) expect(text.slice(t.start, t.end).toLowerCase()).to.equal(t.word ?? t.norm);
  });

  it('names the phrases found in the text that pushed the n-gram score, with signed weights, strongest first', () => {
    const { hashing } = weights.ngram;
    const tokens = tokenize(AI_BOILERPLATE, 0, AI_BOILERPLATE.length, ranks.rank, hashing.keep_words);
    const found = phraseSignals(tokens, vectorize(tokens, hashing, scorer.ngram.idf), scorer, 5);
    // A word the model knows only by its frequency class is shown in brackets.
    const normalised = tokens.map((t) => (t.word === undefined ? t.norm : `[${t.word}]`)).join(' ');
    for (const p of [...found.ai, ...found.human]) expect(normalised).to.include(p.phrase);
    expect(found.ai.every((p) => p.contribution > 0)).to.equal(true);
    expect(found.human.every((p) => p.contribution < 0)).to.equal(true);
    const ai = found.ai.map((p) => p.contribution);
    expect(ai).to.deep.equal([...ai].sort((x, y) => y - x));
    expect(found.ai.length + found.human.length).to.be.greaterThan(0);
  });
});

describe('local detector: thin evidence', () => {
  const thin = weights.thin_evidence;
  const percent = (z: number): number => Math.round(100 / (1 + Math.exp(-z)));

  it('scales the evidence of texts under 80 words by a fitted power of their length: 0 words sit at 50, 80 and more are untouched', () => {
    expect(thin.exponent).to.be.greaterThan(0);
    expect(evidenceScale(0, thin)).to.equal(0);
    expect(evidenceScale(80, thin)).to.equal(1);
    expect(evidenceScale(500, thin)).to.equal(1);
    expect(evidenceScale(40, { ...thin, exponent: 0.5 })).to.be.closeTo(Math.SQRT1_2, 1e-12);
    for (let w = 1; w < 80; w++) {
      expect(evidenceScale(w, thin)).to.be.below(1);
      expect(evidenceScale(w, thin)).to.be.above(evidenceScale(w - 1, thin));
    }
  });

  it('pulls short texts toward 50 without crossing it, the shorter the more, and leaves texts of 80+ words as calibrated', () => {
    for (const z of [-6, -2.5, -0.7, 0.4, 1.5, 4]) {
      expect(shrinkScore(z, 300, 1, weights)).to.equal(percent(z));
      expect(shrinkScore(z, 80, 1, weights)).to.equal(percent(z));
      let previous = 50;
      for (const w of [0, 10, 30, 50, 79]) {
        const s = shrinkScore(z, w, 1, weights);
        expect(Math.abs(s - 50)).to.be.at.most(Math.abs(percent(z) - 50));
        expect(Math.sign(s - 50) * Math.sign(z)).to.not.equal(-1);
        expect(Math.abs(s - 50)).to.be.at.least(Math.abs(previous - 50));
        previous = s;
      }
      expect(shrinkScore(z, 0, 1, weights)).to.equal(50);
    }
    // A strongly human short text stays clearly human: the pull is (40/80)^exponent of the logit.
    expect(shrinkScore(-3, 40, 1, weights)).to.equal(percent(-3 * 0.5 ** thin.exponent));
  });

  it('pulls text that is not mostly English halfway more toward 50 and keeps it below likely_ai', () => {
    expect(thin.non_english_factor).to.be.within(0.01, 0.99);
    expect(shrinkScore(99, 300, 0.3, weights)).to.be.below(cut.likely_ai);
    expect(Math.abs(shrinkScore(-20, 300, 0.3, weights) - 50)).to.be.at.most(50 * thin.non_english_factor);
    expect(shrinkScore(-20, 300, 0.3, weights)).to.equal(Math.round(50 - 50 * thin.non_english_factor));
  });

  it('never lets a text under 80 words reach likely_ai, whatever its logit, length and fitted exponent', () => {
    for (const exponent of [thin.exponent, 0.01, 0.001]) {
      const w = { ...weights, thin_evidence: { ...thin, exponent } };
      for (const z of [0.5, 2, 5, 10, 50, 1e6, Infinity]) {
        for (let words = 0; words < 80; words++) expect(shrinkScore(z, words, 1, w)).to.be.below(cut.likely_ai);
      }
    }
  });

  it('rejects a model file whose thin-evidence rule would not pull toward 50', () => {
    const dir = mkdtempSync(join(tmpdir(), 'detector-model-'));
    try {
      for (const bad of [{ exponent: 0, non_english_factor: 0.5 }, { exponent: -1, non_english_factor: 0.5 }, { exponent: 0.3, non_english_factor: 1 }, undefined]) {
        const file = join(dir, 'model.json');
        writeFileSync(file, JSON.stringify({ ...weights, thin_evidence: bad }));
        expect(() => loadDetectorWeights(pathToFileURL(file))).to.throw(/malformed/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never reports a short text as likely_ai, however machine-like, and gives it low confidence', async () => {
    const short = 'Furthermore, it is important to note that we must delve into the rich tapestry of life. Moreover, this is crucial.';
    const r = await detector.detect(short, { signal: live() });
    expect(r.verdict).to.not.equal('likely_ai');
    expect(r.ai_score).to.be.below(cut.likely_ai);
    expect(r.confidence).to.equal('low');
    expect(r.summary).to.include('short');
    // Every prefix of machine boilerplate under 80 words, and its sentences, stay below likely_ai.
    const words = AI_BOILERPLATE.split(/\s+/u);
    for (let n = 5; n < 80 && n <= words.length; n += 4) {
      const text = words.slice(0, n).join(' ');
      const p = await detector.detect(text, { signal: live() });
      expect(p.verdict, text).to.not.equal('likely_ai');
      expect(p.ai_score, text).to.be.below(cut.likely_ai);
      expect(p.confidence).to.equal('low');
      for (const s of p.sentences) expect(s.ai_score).to.be.below(cut.likely_ai);
    }
  });

  it('gives long non-English text low confidence and never likely_ai', async () => {
    const r = await detector.detect(GERMAN, { signal: live() });
    expect(r.confidence).to.equal('low');
    expect(r.ai_score).to.be.below(cut.likely_ai);
    expect(Math.abs(r.ai_score - 50)).to.be.at.most(25);
  });
});

describe('local detector: per-sentence scores', () => {
  it('come from the same model: a one-sentence text scores the same as its only sentence', async () => {
    const text = 'Furthermore, it is important to note that organizations must leverage innovative solutions to navigate the ever-evolving landscape of modern business.';
    const r = await detector.detect(text, { signal: live() });
    expect(r.sentences).to.have.length(1);
    expect(r.sentences[0]!.ai_score).to.equal(r.ai_score);
  });

  it('rank machine boilerplate sentences above plain human ones inside one text', async () => {
    const text = `${HUMAN_PROSE} ${AI_BOILERPLATE}`;
    const r = await detector.detect(text, { signal: live() });
    for (const s of r.sentences) expect(text.slice(s.start, s.end)).to.equal(s.text);
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ai = r.sentences.filter((s) => s.start >= HUMAN_PROSE.length).map((s) => s.ai_score);
    const human = r.sentences.filter((s) => s.end <= HUMAN_PROSE.length).map((s) => s.ai_score);
    expect(mean(ai)).to.be.greaterThan(mean(human) + 15);
  });
});
