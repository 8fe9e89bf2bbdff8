import { expect } from 'chai';
import { activeNominals, dropIntroComma, plainApostrophes, provideToGive } from '../workers/engines/local/humanizer/english-plain.js';
import { applyContractions } from '../workers/engines/local/humanizer/english-rules.js';
import { MODE_PARAMS } from '../workers/engines/local/humanizer/params.js';
import { createRandom } from '../workers/engines/local/humanizer/random.js';
import { splitSentence } from '../workers/engines/local/humanizer/structure.js';

const rng = (seed = 1) => createRandom(seed);

describe('local humanizer plain-writing edits', () => {
  it('types apostrophes inside words plainly and leaves quotation marks alone', () => {
    expect(plainApostrophes('It’s the team’s ‘plan’.')).to.equal("It's the team's ‘plan’.");
  });

  it('drops the comma after a short introductory phrase only', () => {
    expect(dropIntroComma('In this essay, I will argue a point.')).to.equal('In this essay I will argue a point.');
    expect(dropIntroComma('Today, many people work remotely.')).to.equal('Today many people work remotely.');
    expect(dropIntroComma('In the first years of the new century, we moved.')).to.equal(null);
    expect(dropIntroComma('Paris, the capital, is big.')).to.equal(null);
    expect(dropIntroComma('In 2020, prices rose.')).to.equal(null);
  });

  it('says give for provide unless a with/for object follows', () => {
    expect(provideToGive('Parks provide a place to rest.', rng(), 1)).to.equal('Parks give a place to rest.');
    expect(provideToGive('Providing feedback helps.', rng(), 1)).to.equal('Giving feedback helps.');
    expect(provideToGive('Schools provide students with meals.', rng(), 1)).to.equal('Schools provide students with meals.');
    expect(provideToGive('They provide for their family.', rng(), 1)).to.equal('They provide for their family.');
    expect(provideToGive('It was provided by the city.', rng(), 1)).to.equal('It was provided by the city.');
    expect(provideToGive('Parks provide a place to rest.', rng(), 0)).to.equal('Parks provide a place to rest.');
  });

  it('turns a nominal phrase after a preposition into a gerund', () => {
    expect(activeNominals('By the implementation of new rules, costs fell.', rng(), 1)).to.equal('By implementing new rules, costs fell.');
    expect(activeNominals('The use of these tools took years.', rng(), 1)).to.equal('Using these tools took years.');
    expect(activeNominals('The development of the economy was slow.', rng(), 1)).to.equal('The development of the economy was slow.');
    expect(activeNominals('We talked about the use of phones.', rng(), 1)).to.equal('We talked about using phones.');
    expect(activeNominals('This led to the creation of jobs.', rng(), 1)).to.equal('This led to the creation of jobs.');
    expect(activeNominals('The analysis of Paris was short.', rng(), 1)).to.equal('The analysis of Paris was short.');
  });

  it('contracts have as an auxiliary only', () => {
    expect(applyContractions('We have seen it, and they have learned.', 'add')).to.equal("We've seen it, and they've learned.");
    expect(applyContractions('We have cars. I would go.', 'add')).to.equal("We have cars. I'd go.");
  });

  it('does not split a series at its closing ", and"', () => {
    const s = 'We chose this for several reasons, including cost, the tendency of students to choose easy topics, and the teacher’s ability to tailor the work to each level.';
    const parts = splitSentence(s, { maxWords: 12, casual: true, english: true, sentenceEnd: '.' });
    expect(parts?.some((p) => /^And the teacher/u.test(p)) ?? false).to.equal(false);
  });

  it('makes the stronger modes edit more', () => {
    expect(MODE_PARAMS.standard.plainRate).to.be.below(MODE_PARAMS.enhanced.plainRate);
    expect(MODE_PARAMS.enhanced.plainRate).to.be.below(MODE_PARAMS.aggressive.plainRate);
    expect(MODE_PARAMS.standard.contractNeutral).to.equal(false);
    expect(MODE_PARAMS.aggressive.contractNeutral).to.equal(true);
  });
});

describe('local humanizer synonyms: participles before nouns', () => {
  it('leaves a past participle that describes a noun alone, but swaps the verb', async () => {
    const { replaceSynonyms } = await import('../workers/engines/local/humanizer/english-rules.js');
    const o = { rate: 1, readability: 'high-school' as const, repeated: new Set<string>() };
    expect(replaceSynonyms('Required summer projects should be short.', o, createRandom(1))).to.match(/^Required summer projects/u);
    expect(replaceSynonyms('They demonstrated results to the board.', o, createRandom(1))).to.match(/^They showed results/u);
  });
});
