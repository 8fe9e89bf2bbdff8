import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import {
  activeNominals, dropIntroComma, dropThat, dueToBecause, impersonalYou, importantToAdvice, plainOpener, plainSmallWords, provideToGive,
  provideWithToGive, putInPlaceOrder, sinceBecause, whichToThat, whileToAlthough,
} from '../workers/engines/local/humanizer/english-plain.js';
import { createRandom } from '../workers/engines/local/humanizer/random.js';
import { reorderClauses, splitResultParticiple, splitSentence } from '../workers/engines/local/humanizer/structure.js';
import { tagTokens } from '../workers/engines/local/text/pos.js';

interface Case { rule: string; sentence: string; wrong: boolean; keep?: string; never?: string; output?: string }
const { cases } = JSON.parse(readFileSync(new URL('./fixtures/plain-rules.json', import.meta.url), 'utf8')) as { cases: Case[] };

/** Each rule as the pipeline calls it, at its highest rate (the dice always say yes). */
const RULES: Record<string, (s: string, seed: number) => string> = {
  provideToGive: (s, seed) => provideToGive(s, createRandom(seed), 1),
  provideWithToGive: (s, seed) => provideWithToGive(s, createRandom(seed), 1),
  putInPlaceOrder: (s) => putInPlaceOrder(s),
  dueToBecause: (s, seed) => dueToBecause(s, createRandom(seed), 1),
  sinceBecause: (s, seed) => sinceBecause(s, createRandom(seed), 1),
  plainSmallWords: (s, seed) => plainSmallWords(s, 'casual', createRandom(seed), 1),
  activeNominals: (s, seed) => activeNominals(s, createRandom(seed), 1),
  whileToAlthough: (s, seed) => whileToAlthough(s, createRandom(seed), 1),
  impersonalYou: (s) => impersonalYou(s),
  dropThat: (s, seed) => dropThat(s, tagTokens(s), createRandom(seed), 1),
  importantToAdvice: (s, seed) => importantToAdvice(s, 'casual', createRandom(seed), 1),
  dropIntroComma: (s) => dropIntroComma(s) ?? s,
  plainOpener: (s, seed) => plainOpener(s, 'casual', createRandom(seed), 1, new Set()) ?? s,
  determinerSwaps: (s, seed) => whichToThat(s, tagTokens(s), createRandom(seed), 1, true),
  splitSentence: (s) => (splitSentence(s, { maxWords: 10, casual: true, english: true, sentenceEnd: '.' }) ?? [s]).join(' '),
  splitSentenceNeutral: (s) => (splitSentence(s, { maxWords: 10, casual: false, english: true, sentenceEnd: '.' }) ?? [s]).join(' '),
  splitResultParticiple: (s) => (splitResultParticiple(s) ?? [s]).join(' '),
  reorderClauses: (s, seed) => reorderClauses(s, new Set(), createRandom(seed)) ?? s,
};

describe('local humanizer plain-writing and structure rules: an audit of where they change the meaning', () => {
  for (const rule of [...new Set(cases.map((c) => c.rule))]) {
    const own = cases.filter((c) => c.rule === rule);
    it(`${rule}: ${own.filter((c) => c.wrong).length} sentences left as they mean, ${own.filter((c) => !c.wrong).length} rewritten as before`, () => {
      const run = RULES[rule]!;
      for (const c of own) {
        if (!c.wrong) {
          expect(run(c.sentence, 1), c.sentence).to.equal(c.output);
          continue;
        }
        for (let seed = 1; seed <= 6; seed++) {
          const out = run(c.sentence, seed);
          if (c.keep) expect(out, `${c.sentence} (seed ${seed})`).to.include(c.keep);
          if (c.never) expect(out, `${c.sentence} (seed ${seed})`).to.not.include(c.never);
        }
      }
    });
  }
});
