import { expect } from 'chai';
import { customToneProfile } from '../workers/engines/local/humanizer/tone.js';
import { BUILTIN, custom, outputs } from './support/humanizer-settings.js';

/**
 * A reading of custom tones as customers write them, with freeze words (24 English texts: SaaS, patient, legal, product,
 * HR, travel, finance, grant, sports, research claims, a story, an e-mail, a company named "Moreover Inc." and texts whose
 * freeze words hold connectives such as "In addition"; 20 tones such as "Friendly but professional, for a SaaS newsletter",
 * "Write like a British academic", "Legal, precise, no fluff", "Like a pirate", "casual but formal", "Sound like a
 * 16-year-old"). Every freeze word came back as many times as it was given, and the checker found nothing. It found advice
 * made of "It is important to X and to Y" ("You should practice regularly and to be patient with yourself"), and a
 * teenager's voice given by age ("Sound like a 16-year-old") read as no tone at all.
 */

const LANGUAGE = 'Learning a new language can be a rewarding but challenging experience. It is important to practice regularly and to be patient with yourself. Additionally, immersing yourself in films and music can greatly accelerate your progress.';
const RECOVERY = 'Recovery after knee surgery can take several weeks. It is important to rest, to keep the leg raised and to take the prescribed medication. Overall, most patients return to normal activity within two months.';
const SINGLE = 'Recovery after knee surgery can take several weeks. It is important to take the prescribed medication as directed. Overall, most patients return to normal activity within two months.';
const TONES = [...BUILTIN, custom('Warm and empathetic, for patients'), custom('Relaxed and conversational, like talking to a friend'), custom('Sound like a 16-year-old')];

describe('local humanizer: custom tones and freeze words (second reading)', function () {
  this.timeout(120_000);

  it("makes no advice of 'It is important to X and to Y' (no 'You should practice regularly and to be patient')", () => {
    for (const text of [LANGUAGE, RECOVERY]) {
      const bad = outputs(text, TONES, { seeds: 2 }).filter(({ out }) => /(?:You|you) (?:should|need to|have to)\b[^.]*(?:,| and| or) to \p{Ll}/u.test(out));
      expect(bad.map(({ where, out }) => `${where}: ${out}`)).to.deep.equal([]);
    }
  });

  it("still makes advice of a single infinitive under a casual register ('You should take the prescribed medication')", () => {
    const all = outputs(SINGLE, [custom('Warm and empathetic, for patients')], { seeds: 2 });
    expect(all.some(({ out }) => /You should take the prescribed (?:medication|medicine) as directed/.test(out))).to.equal(true);
  });

  it('reads a teenager’s voice given by age or by name as casual, and a negated one as none', () => {
    for (const tone of ['Sound like a 16-year-old', 'Write like a 17 year old', 'Like a teen texting']) expect(customToneProfile(tone), tone).to.include({ contractions: 'add', openers: 'casual', register: 'casual' });
    // A child's age stays the child's voice: contractions and the everyday register, no chatty openers.
    expect(customToneProfile('Plain English for a 12-year-old')).to.include({ register: 'casual', openers: 'none' });
    // No teenager where the age is part of a larger number, where it is negated, or where formal is asked first.
    expect(customToneProfile('A 150-year-old firm, nothing else')).to.include({ register: 'neutral', openers: 'none', contractions: 'keep' });
    expect(customToneProfile("Don't sound like a 16-year-old")).to.include({ register: 'neutral', openers: 'none', contractions: 'keep' });
    expect(customToneProfile('Formal letter to the parents of 16-year-olds')).to.include({ register: 'formal', contractions: 'expand' });
  });

  it('keeps every freeze word as many times as it was given, connectives included', () => {
    const text = 'In addition to the standard plan, we offer a Premium tier for larger teams. In addition, customers on the Premium tier receive a dedicated account manager. Moreover Inc. hosts the data. Moreover, all plans include a 30-day free trial.';
    const freezeWords = ['In addition', 'Premium tier', 'Moreover Inc.'];
    const count = (s: string, w: string): number => s.split(w).length - 1;
    for (const { out, where } of outputs(text, [custom('Keep it short and punchy'), custom('Warm and empathetic, for patients'), custom('Legal, precise, no fluff')], { seeds: 2, freezeWords })) {
      for (const w of freezeWords) expect(count(out, w), `${where} ${w}: ${out}`).to.equal(count(text, w));
    }
  });
});
