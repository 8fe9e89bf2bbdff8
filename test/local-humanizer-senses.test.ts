import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { replaceSynonyms } from '../workers/engines/local/humanizer/english-rules.js';
import { guarded } from '../workers/engines/local/humanizer/english-senses.js';
import { createRandom } from '../workers/engines/local/humanizer/random.js';

interface Case { word: string; sentence: string }
const cases = JSON.parse(readFileSync(new URL('./fixtures/synonym-senses.json', import.meta.url), 'utf8')) as { wrong: Case[]; fine: Case[] };

const keeps = (c: Case, out: string): boolean => new RegExp(`(?<![\\p{L}])${c.word}(?![\\p{L}])`, 'iu').test(out);

/** Whether any of the settings that push hardest towards plain words swaps the case's word. */
function swapped(c: Case): string | null {
  for (let seed = 1; seed <= 3; seed++) {
    for (const readability of ['high-school', 'college'] as const) {
      for (const formal of [false, true]) {
        const out = replaceSynonyms(c.sentence, { rate: 1, variation: 1, readability, repeated: new Set(), formal }, createRandom(seed));
        if (!keeps(c, out)) return out;
      }
    }
  }
  return null;
}

describe('local humanizer synonyms: senses the plainer partner lacks', () => {
  it(`keeps the word in each of ${cases.wrong.length} sentences where its partner would change the meaning, break an idiom or a term, or the grammar`, () => {
    const broken = cases.wrong.map((c) => ({ c, out: swapped(c) })).filter((x) => x.out !== null).map((x) => `${x.c.sentence} → ${x.out}`);
    expect(broken).to.deep.equal([]);
  });

  it('guards the senses of words that nothing swaps today (the tagger or the phrase table keeps them), should that change', () => {
    expect(guarded('vital', "Check the patient's ", ' signs every hour.')).to.equal(true);
    expect(guarded('consequences', 'You will face the ', ' of your actions.')).to.equal(true);
    expect(guarded('concerning', 'This trend is ', '.')).to.equal(true);
    expect(guarded('core', 'Measure the ', ' temperature.')).to.equal(true);
    expect(guarded('challenging', 'Children with ', ' behaviour need support.')).to.equal(true);
    expect(guarded('vital', 'Sleep is ', ' for health.')).to.equal(false);
    expect(guarded('consequences', 'The ', ' of the decision were small.')).to.equal(false);
  });

  it('still swaps where the partner says the same: most of the sentences written to show each group at work', () => {
    const done = cases.fine.filter((c) => swapped(c) !== null).length;
    // The guards are narrow: a guard that blocked a group outright would show here.
    expect(done / cases.fine.length).to.be.greaterThan(0.75);
  });
});
