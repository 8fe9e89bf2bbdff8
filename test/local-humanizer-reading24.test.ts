import { expect } from 'chai';
import type { Mode, ToneSpec } from '../domain/options.js';
import { dropIntensifiers } from '../workers/engines/local/humanizer/english-concise.js';
import { BUILTIN, custom, has, outputs as over } from './support/humanizer-settings.js';

/**
 * The twenty-third reading (English, new genres: app-store copy, crowdfunding, speeches, listings, syllabi, safety rules,
 * tax and pet-care advice, reviews, postmortems, audio guides, sermons, fitness plans, with the custom tones "Gen-Z voice",
 * "Plain English for a 12-year-old", "No fluff", "Enthusiastic marketing copy", "Seasoned journalist"): advice whose "very"
 * was dropped ("use very ripe bananas" → "use ripe bananas"), a "because" clause fronted with a pronoun ahead of its noun,
 * and two ", and" sentences joined by a contrast. Each defect must not come back under the settings it was found in, and
 * each rule still fires where it is right.
 */


const outputs = (text: string, tones: ToneSpec[], modes?: readonly Mode[]): Array<{ out: string; where: string }> => over(text, tones, { modes });

const RECIPE = 'This classic banana bread is moist, flavorful, and incredibly easy to make. It is important to use very ripe bananas, as they provide most of the sweetness. Furthermore, you should not overmix the batter, or the bread will become dense.';
const TIRES = 'Check the tire pressure at least once a month and before long trips. It is crucial to check the pressure when the tires are cold, because driving warms the air inside them. The recommended pressure is listed on the sticker inside the driver\'s door, not on the tire itself.';
const GAME = 'Ember Knights is a stunning action game that delivers a truly immersive experience. The combat is fast and responsive, and the boss fights are genuinely challenging. However, the story is thin, and the characters are largely forgettable. Furthermore, the game crashed twice during our 20-hour playthrough.';
const HEADPHONES = 'I have used these noise-cancelling headphones every day for three months. The sound quality is excellent, and the battery easily lasts a full week of commuting. However, the ear cushions become uncomfortable after about two hours.';

interface Case { what: string; text: string; tones: ToneSpec[]; modes?: readonly Mode[]; never: Array<string | RegExp> }

const CASES: Case[] = [
  {
    what: "advice keeps its 'very' ('It is important to use very ripe bananas' is no 'use ripe bananas')",
    text: RECIPE,
    tones: [...BUILTIN, custom('No fluff')],
    never: [/use ripe bananas/i],
  },
  {
    what: "a 'because' clause with a pronoun stays after the clause that names it (no 'Because driving warms the air inside them, … the tires')",
    text: TIRES,
    tones: [...BUILTIN, custom('Plain English for a 12-year-old')],
    never: [/Because driving warms the air inside them/],
  },
  {
    what: "two sentences that each join clauses with ', and' are not joined by a contrast ('…challenging, but the story is thin, and …')",
    text: GAME,
    tones: [...BUILTIN, custom('Seasoned journalist')],
    never: [/challenging, (?:but|yet) the story/],
  },
];

describe('local humanizer: twenty-fourth reading (English)', function () {
  this.timeout(120000);
  for (const c of CASES) {
    it(c.what, () => {
      for (const { out, where } of outputs(c.text, c.tones, c.modes)) {
        for (const p of c.never) expect(has(out, p), `${where}: ${out}`).to.equal(false);
      }
    });
  }

  describe('controls: each rule still fires where it is right', () => {
    it("a weak 'very' in a statement still goes", () => {
      expect(dropIntensifiers('This classic banana bread is very easy to make.')).to.equal('This classic banana bread is easy to make.');
      expect(dropIntensifiers('It is important to use very ripe bananas.')).to.equal('It is important to use very ripe bananas.');
      expect(dropIntensifiers('You need to use very hot water.')).to.equal('You need to use very hot water.');
    });

    it("a 'because' clause without a pronoun may still come first", () => {
      const text = 'Check the tire pressure at least once a month. You need to check the pressure when the tires are cold, because driving warms the air in the tires. The recommended pressure is listed on the sticker inside the door.';
      const outs = outputs(text, BUILTIN).map((o) => o.out);
      expect(outs.some((o) => /Because driving warms the air in the tires, you/.test(o))).to.equal(true);
    });

    it("one ', and' sentence may still take a contrast after it", () => {
      const outs = outputs(HEADPHONES, BUILTIN).map((o) => o.out);
      expect(outs.some((o) => o.includes('full week of commuting, but the ear cushions'))).to.equal(true);
    });
  });
});
