import { expect } from 'chai';
import { shrinkScore } from '../workers/engines/local/detector/detector.js';
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
  it('pulls short and non-English texts toward 50 and keeps them below likely_ai', () => {
    expect(shrinkScore(95, 300, 1, cut)).to.equal(95);
    expect(shrinkScore(10, 300, 1, cut)).to.equal(10);
    expect(shrinkScore(10, 40, 1, cut)).to.equal(30);
    expect(shrinkScore(99, 79, 1, cut)).to.be.below(cut.likely_ai);
    expect(shrinkScore(99, 300, 0.3, cut)).to.be.below(cut.likely_ai);
    expect(shrinkScore(0, 300, 0.3, cut)).to.equal(25);
  });

  it('never reports a short text as likely_ai, however machine-like, and gives it low confidence', async () => {
    const short = 'Furthermore, it is important to note that we must delve into the rich tapestry of life. Moreover, this is crucial.';
    const r = await detector.detect(short, { signal: live() });
    expect(r.verdict).to.not.equal('likely_ai');
    expect(r.ai_score).to.be.below(cut.likely_ai);
    expect(r.confidence).to.equal('low');
    expect(r.summary).to.include('short');
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
