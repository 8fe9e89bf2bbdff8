import { expect } from 'chai';
import { LANGUAGES, MODES, READABILITY_LEVELS, BUILTIN_TONES } from '../domain/options.js';
import { protect } from '../workers/engines/local/humanizer/freeze.js';
import { createRandom, type Random } from '../workers/engines/local/humanizer/random.js';
import { createLocalHumanizer } from '../workers/engines/local/index.js';
import type { HumanizeRequest } from '../workers/engines/types.js';

const live = (): AbortSignal => new AbortController().signal;

function occurrences(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}

/** Pieces that rules rewrite (phrases, connectives, contractions, synonyms), names, numbers, quotes and regex syntax. */
const PIECES = [
  'Moreover,', 'Furthermore,', 'it is important to note that', 'in order to', 'plays a crucial role in', 'delve into',
  'the rich tapestry of', 'do not', 'it is', "don't", 'However,', 'utilize', 'significant', 'various', 'helps',
  'the city', 'people', 'said', 'Anna Smith', 'Paris', '2,400', '3.5%', '"quoted words here"', 'was', 'not', 'never',
  'and', 'but', 'which', 'because', 'the report', 'showed', 'a+b', '(x)', '$5.00', 'C++', '[note]', '\\d+', '^start',
  'a|b', '.*', 'quickly', 'large', 'essential', 'leverage', 'ensure', 'in conclusion,', 'In 2019,', 'while',
];

function randomText(rng: Random): string {
  const sentences: string[] = [];
  const count = 3 + Math.floor(rng.next() * 5);
  for (let s = 0; s < count; s++) {
    const words: string[] = [];
    const len = 5 + Math.floor(rng.next() * 16);
    for (let w = 0; w < len; w++) words.push(rng.pick(PIECES));
    const sentence = words.join(rng.chance(0.15) ? ', ' : ' ');
    sentences.push(sentence[0]!.toUpperCase() + sentence.slice(1) + rng.pick(['.', '.', '.', '?', '!']));
  }
  return sentences.join(rng.chance(0.2) ? '\n\n' : ' ');
}

function randomFreeze(text: string, rng: Random): string[] {
  const out: string[] = [];
  const n = 1 + Math.floor(rng.next() * 5);
  for (let i = 0; i < n; i++) {
    if (rng.chance(0.5)) {
      out.push(rng.pick(PIECES));
    } else {
      // Any substring of the text, aligned to words or not, possibly spanning a sentence boundary.
      const at = Math.floor(rng.next() * (text.length - 2));
      const piece = text.slice(at, at + 1 + Math.floor(rng.next() * 30)).trim();
      if (piece.length > 0) out.push(piece);
    }
  }
  return out;
}

describe('local humanizer: freeze words', () => {
  it('protects every occurrence and restores it exactly, merging overlaps', () => {
    const text = 'Moreover, the a+b rule (x) matters. Moreover, it does.';
    const p = protect(text, ['Moreover', 'a+b', 'b rule', '(x)', '']);
    expect(p.text).to.not.include('Moreover');
    expect(p.text).to.not.include('a+b');
    expect(p.spans).to.deep.equal(['Moreover', 'a+b rule', '(x)', 'Moreover']);
    expect(p.restore(p.text)).to.equal(text);
    expect(p.text).to.not.match(/[\p{L}\p{N}]\uE001|\uE000[\p{L}\p{N}]/u);
  });

  it('protects quoted passages as well', () => {
    const p = protect('He said "it is important to note" twice.', []);
    expect(p.spans).to.deep.equal(['"it is important to note"']);
  });

  it('keeps freeze words verbatim in every mode, tone, readability and language (property test)', async () => {
    const humanizer = createLocalHumanizer();
    const rng = createRandom(20240611);
    for (let i = 0; i < 120; i++) {
      const text = randomText(rng);
      const freezeWords = randomFreeze(text, rng);
      const request: HumanizeRequest = {
        text, freezeWords, seed: Math.floor(rng.next() * 1e9),
        mode: rng.pick(MODES), readability: rng.pick(READABILITY_LEVELS),
        tone: { kind: 'builtin', name: rng.pick(BUILTIN_TONES) },
        language: rng.chance(0.8) ? 'en' : rng.pick(LANGUAGES),
      };
      const out = await humanizer.humanize(request, { signal: live() });
      for (const f of freezeWords) {
        expect(occurrences(out, f), `case ${i}: ${JSON.stringify(f)} in ${JSON.stringify(out)} (from ${JSON.stringify(text)})`)
          .to.be.at.least(occurrences(text, f));
      }
      expect(out).to.not.match(/[\uE000-\uE019]/u);
    }
  });
});
