import { expect } from 'chai';
import { MODES, type Mode, type ToneSpec } from '../domain/options.js';
import { guarded } from '../workers/engines/local/humanizer/english-senses.js';
import { customToneProfile } from '../workers/engines/local/humanizer/tone.js';
import { BUILTIN, builtin, custom, has, outputs as over } from './support/humanizer-settings.js';

/**
 * What the twenty-second reading left (English): custom tone keywords read out of context, "who" made "that" after people, hedges
 * that change a fact or an obligation, "rapidly evolving" made "quickly evolving", "very good" made "really good" in a
 * prognosis. Each defect must not come back under the settings it was found in, and each rule still fires where it is right.
 */
const CASUAL_CUSTOM = ['Gen-Z voice', 'Plain English for a 12-year-old', 'Warm, chatty', 'Enthusiastic marketing copy'].map(custom);
const HEDGING = [...builtin('academic'), custom('Cautious and nuanced'), custom('Scholarly')];


const outputs = (text: string, tones: ToneSpec[], modes?: readonly Mode[], seeds = 6): Array<{ out: string; where: string }> => over(text, tones, { modes, seeds });

interface Case { what: string; text: string; tones: ToneSpec[]; modes?: readonly Mode[]; never: Array<string | RegExp> }
interface Control { what: string; text: string; tones: ToneSpec[]; sometimes: string | RegExp; neverIn?: ToneSpec[] }

const CASES: Case[] = [
  {
    what: "a tone written by a small business owner is no professional register ('We're so sorry' keeps its contraction)",
    text: "We're so sorry that your order arrived late. We don't usually make mistakes like this, and we'll make it right.",
    tones: [custom('Sincere apology from a small business owner'), custom('Friendly note for business customers')],
    // The academic mode writes full forms whatever the tone.
    modes: MODES.filter((m) => m !== 'academic'),
    never: ['We are so sorry', 'do not usually', 'we will make'],
  },
  {
    what: "'who' after a person stays 'who' in every tone ('people that can't afford', 'students that need')",
    text: "Many people who can't afford rent end up living in their cars. Students who need help should ask early. The nurse thanked the volunteers who stayed late.",
    tones: [...BUILTIN, ...CASUAL_CUSTOM],
    never: [/people that/i, /students that/i, /volunteers that/i],
  },
  {
    what: "a measurable superlative is no opinion ('definitely the most expensive' is no 'arguably')",
    text: 'This is definitely the most expensive option on the list. The blue whale is undoubtedly the largest animal alive. It is certainly one of the most visited museums in Europe.',
    tones: HEDGING,
    never: ['arguably'],
  },
  {
    what: "a certainty of nature and a third party's obligation keep their certainty ('will certainly rise', 'will certainly refund')",
    text: 'The sun will certainly rise. The landlord will certainly refund your deposit. The insurer will definitely pay the claim.',
    tones: HEDGING,
    never: ['likely'],
  },
  {
    what: "a land survey's result is a fact of the boundary ('The survey showed that the fence stands on the neighbour's land')",
    text: "The survey showed that the fence stands on the neighbour's land. The land survey proved that the shed is on our plot.",
    tones: HEDGING,
    never: ['suggest', 'indicate'],
  },
  {
    what: "'rapidly evolving', 'rapidly growing', 'rapidly changing' are set phrases",
    text: 'Artificial intelligence is a rapidly evolving field. The city has a rapidly growing population, and the job market is rapidly changing.',
    tones: [...BUILTIN, custom('Cautious and nuanced')],
    never: [/(?:quickly|swiftly)\s+(?:evolving|growing|changing)/i],
  },
  {
    what: "'very good' stays in a prognosis, a grade or a legal sentence, even in casual tones",
    text: 'The prognosis is very good. Her grades this term were very good. The witness was very credible.',
    tones: [...BUILTIN, ...CASUAL_CUSTOM],
    never: ['really'],
  },
];

const CONTROLS: Control[] = [
  {
    what: "'who' after a company or an animal may still become 'that' in casual tones, never in formal ones",
    text: 'We avoid working with some companies who sell our data. The dog who barks all night lives next door.',
    tones: [...builtin('casual', 'creative'), ...CASUAL_CUSTOM],
    sometimes: /companies that|dog that/,
    neverIn: [...builtin('formal', 'professional', 'academic'), custom('Sincere apology from a small business owner')],
  },
  {
    what: "a superlative of judgement is still hedged ('is arguably the most beautiful beach')",
    text: 'This is definitely the most beautiful beach in Spain.',
    tones: HEDGING,
    sometimes: 'arguably the most beautiful',
  },
  {
    what: "a forecast is still hedged ('AI will likely change how we work')",
    text: 'AI will certainly change how we work.',
    tones: HEDGING,
    sometimes: 'will likely change',
  },
  {
    what: "a survey of people is still hedged ('The survey suggested that most voters …')",
    text: 'The survey showed that most voters want lower taxes.',
    tones: HEDGING,
    sometimes: /survey (?:suggested|indicated) that/,
  },
  {
    what: "'rapidly' of manner still varies ('She quickly walked away')",
    text: 'She rapidly walked away from the crowd.',
    tones: builtin('casual', 'formal'),
    sometimes: 'quickly walked',
  },
  {
    what: "'very good' of everyday things is still 'really good' in casual tones, never in formal or professional ones",
    text: 'The food at this place is very good.',
    tones: [...builtin('casual'), custom('Gen-Z voice')],
    sometimes: 'really good',
    neverIn: builtin('formal', 'professional', 'academic'),
  },
];

describe('local humanizer: English reading 23', function () {
  this.timeout(300_000);

  describe('custom tone keywords read in context', () => {
    it('a word that names the writer or the readers does not set the professional register', () => {
      for (const t of ['Sincere apology from a small business owner', 'Friendly note for business customers', 'Write like a business owner talking to customers', 'For professional photographers', 'Write for business professionals', 'Customer support for a business']) {
        const p = customToneProfile(t);
        expect(p.polished, t).to.equal(false);
        expect(p.contractions, t).to.not.equal('expand');
      }
    });
    it('a word that describes the voice still does', () => {
      for (const t of ['Business tone', 'Businesslike and brief', 'Professional', 'Corporate voice', 'Executive summary style']) {
        expect(customToneProfile(t).polished, t).to.equal(true);
      }
    });
    it('Gen-Z voice reads as casual without the word "casual"', () => {
      expect(customToneProfile('Gen-Z voice')).to.include({ register: 'casual', contractions: 'add', openers: 'casual' });
    });
    it('plain English for a child: the everyday register, contractions, concise, no chatty openers', () => {
      expect(customToneProfile('Plain English for a 12-year-old')).to.include({ register: 'casual', contractions: 'add', openers: 'none', concise: true });
      expect(customToneProfile('Explain it like I am five')).to.include({ register: 'casual', contractions: 'add' });
      // A formal word said first still wins its traits.
      expect(customToneProfile('Plain English legal summary')).to.include({ register: 'formal', concise: true });
    });
    it('"no fluff" and a journalist are concise; enthusiastic copy contracts unless professional is asked too', () => {
      expect(customToneProfile('no fluff').concise).to.equal(true);
      expect(customToneProfile('Seasoned journalist').concise).to.equal(true);
      expect(customToneProfile('Enthusiastic marketing copy')).to.include({ contractions: 'add', register: 'casual', openers: 'none' });
      expect(customToneProfile('Enthusiastic but professional')).to.include({ contractions: 'expand', register: 'neutral', polished: true });
    });
    it('"understated" and "British spelling" have no trait the engine could honour: neutral', () => {
      expect(customToneProfile('understated')).to.deep.equal(customToneProfile(''));
      expect(customToneProfile('British spelling')).to.deep.equal(customToneProfile(''));
    });
  });

  it("'rapidly' keeps its set phrases (guarded), not its manner", () => {
    expect(guarded('rapidly', 'a ', ' evolving field')).to.equal(true);
    expect(guarded('rapidly', 'a ', ' growing population')).to.equal(true);
    expect(guarded('rapidly', 'She ', ' walked away')).to.equal(false);
  });

  for (const c of CASES) {
    it(c.what, () => {
      const bad = outputs(c.text, c.tones, c.modes).filter(({ out }) => c.never.some((p) => has(out, p)));
      expect(bad.slice(0, 3), `${bad.length} outputs`).to.deep.equal([]);
    });
  }

  for (const c of CONTROLS) {
    it(`control: ${c.what}`, () => {
      const hits = outputs(c.text, c.tones, ['standard', 'enhanced', 'aggressive'], 3).filter(({ out }) => has(out, c.sometimes));
      expect(hits.length, 'the rule no longer fires').to.be.greaterThan(0);
      if (c.neverIn) {
        const bad = outputs(c.text, c.neverIn, MODES, 3).filter(({ out }) => has(out, c.sometimes));
        expect(bad.slice(0, 3)).to.deep.equal([]);
      }
    });
  }
});
