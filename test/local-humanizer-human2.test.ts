import { expect } from 'chai';
import { EXPANSIONS } from '../workers/engines/local/humanizer/english-phrases.js';
import { BUILTIN, outputs } from './support/humanizer-settings.js';

/**
 * A reading of English that people wrote themselves (30 texts of 60–200 words: a Reddit post with slang and typos, a
 * product review with "!!!" and ALL CAPS, a blog entry, a text-message thread, a student's journal, a non-native
 * speaker's e-mail with small errors, a parent's note to a teacher, a sports rant, a cooking blog's intro, a
 * dialogue-heavy anecdote, a poem-like caption, a complaint letter, a diary in the present tense, a forum answer with
 * code, a eulogy, a dating profile…), 6,000 outputs over modes, built-in tones, readability levels and seeds 1–2. The
 * checker found nothing; 58 distinct sentences changed, most of them contractions expanded under the formal tone. The
 * slang, the typos, the capitals, the questions and the exclamations came back as they were. Two expansions were wrong:
 * "'s" before an adverb and a participle that is its verb's base was read as "is" ("honestly it's never let me down" →
 * "it is never let me down"; so was "It's never been easier"), and "would've" stayed beside an expanded "I would be".
 */

const expand = (s: string): string => EXPANSIONS.reduce((a, [r, t]) => a.replace(r, t), s);
const COOKING = "It's the recipe my grandma scribbled on the back of an envelope in 1987, and honestly it's never let me down. The secret? Really, really brown bananas. Trust me on this one.";
const RUNNER = "Day 47 of running. Didn't want to go today. Went anyway. If you told me last year I'd be a morning runner I would've laughed in your face. Who even am I?";
const REVIEW = "I LOVE this blender!!! Seriously, it crushes ice in like 5 seconds. The only thing is it's LOUD. But for $49 you can't beat it. Would buy again, no question. My kids make smoothies every single morning now!";
const REDDIT = 'ok so i finally tried the new ramen place downtown and honestly?? its mid. my gf loved it tho so idk maybe im just salty. anyone else been there? wondering if i caught them on a bad night lol';

describe('local humanizer: text people wrote themselves (second reading)', function () {
  this.timeout(120_000);

  it("reads \"'s\" before an adverb and a base-form participle as \"has\" or leaves it ('it has never let me down')", () => {
    const all = outputs(COOKING, BUILTIN, { seeds: 2 });
    expect(all.filter(({ out }) => /\bis never let\b/.test(out)).map(({ where, out }) => `${where}: ${out}`)).to.deep.equal([]);
    expect(all.some(({ out }) => out.includes('it has never let me down'))).to.equal(true);
    expect(expand("It's never been easier.")).to.equal('It has never been easier.');
    expect(expand("He's always put family first.")).to.equal('He has always put family first.');
    // Where it could be either, it stays; a plain "it's" is still expanded.
    expect(expand("It's always run by volunteers.")).to.equal("It's always run by volunteers.");
    expect(expand("It's a 2019 MacBook Air.")).to.equal('It is a 2019 MacBook Air.');
    expect(expand("It's been a weird week.")).to.equal('It has been a weird week.');
  });

  it("expands \"would've\" with the rest under the formal tone ('I would be … I would have laughed')", () => {
    const formal = outputs(RUNNER, BUILTIN, { seeds: 2 }).filter(({ where }) => where.includes('/formal/'));
    expect(formal.length).to.be.greaterThan(0);
    expect(formal.filter(({ out }) => out.includes("would've")).map(({ where, out }) => `${where}: ${out}`)).to.deep.equal([]);
    expect(formal.some(({ out }) => out.includes('I would have laughed'))).to.equal(true);
    expect(expand("You should've called.")).to.equal('You should have called.');
  });

  it('keeps the writer\'s capitals, exclamations, questions and slang under every setting', () => {
    for (const text of [REVIEW, REDDIT, COOKING, RUNNER]) {
      const count = (s: string, r: RegExp): number => (s.match(r) ?? []).length;
      const bad = outputs(text, BUILTIN, { seeds: 2 }).filter(({ out }) => count(out, /\?/g) !== count(text, /\?/g) || count(out, /!/g) !== count(text, /!/g) || count(out, /\b[A-Z]{3,}\b/g) !== count(text, /\b[A-Z]{3,}\b/g) || /\b(?:tho|idk|gf|lol)\b/.test(text) !== /\b(?:tho|idk|gf|lol)\b/.test(out));
      expect(bad.map(({ where, out }) => `${where}: ${out}`)).to.deep.equal([]);
    }
  });
});
