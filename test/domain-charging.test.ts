import { expect } from 'chai';
import { assertBestOfAllowed, chargingPlan, wordsToCharge } from '../domain/charging.js';
import { DomainError } from '../domain/error-codes.js';
import { MODES, type Mode } from '../domain/options.js';
import { PLANS, type Plan } from '../domain/plans.js';

/** Spec 4.1, written out case by case rather than derived from the implementation. */
const expected: Record<Mode, Record<'omitted' | 1 | 2 | 3 | 4 | 5, number>> = {
  standard: { omitted: 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 },
  academic: { omitted: 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 },
  enhanced: { omitted: 1, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 },
  ultra: { omitted: 3, 1: 3, 2: 3, 3: 3, 4: 3, 5: 3 },
  aggressive: { omitted: 3, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5 },
};

describe('charging rules', () => {
  for (const mode of MODES) {
    for (const bestOf of [undefined, 1, 2, 3, 4, 5] as const) {
      const want = expected[mode][bestOf ?? 'omitted'];
      it(`${mode} with best_of ${bestOf ?? 'omitted'} → multiplier ${want}`, () => {
        expect(chargingPlan({ mode, bestOf })).to.deep.equal({ multiplier: want, bestOfUsed: want });
      });
    }
  }
  it('refuses best_of outside 1-5 or not an integer with INVALID_BEST_OF', () => {
    for (const bad of [0, 6, 2.5, -1, Number.NaN, '2' as unknown as number]) {
      expect(() => chargingPlan({ mode: 'ultra', bestOf: bad }), String(bad)).to.throw(DomainError).with.property('code', 'INVALID_BEST_OF');
    }
  });
  it('refuses an unknown mode with INVALID_MODE', () => {
    expect(() => chargingPlan({ mode: 'turbo' as Mode, bestOf: undefined })).to.throw(DomainError).with.property('code', 'INVALID_MODE');
  });
  it('limits best_of above 3 to Scale in every mode (BEST_OF_NOT_AVAILABLE)', () => {
    const growth = PLANS.api_growth as Plan;
    const scale = PLANS.api_scale as Plan;
    expect(() => assertBestOfAllowed(3, growth)).not.to.throw();
    expect(() => assertBestOfAllowed(undefined, growth)).not.to.throw();
    expect(() => assertBestOfAllowed(4, growth)).to.throw(DomainError).with.property('code', 'BEST_OF_NOT_AVAILABLE');
    expect(() => assertBestOfAllowed(5, scale)).not.to.throw();
  });
  it('charges input words times the multiplier', () => {
    expect(wordsToCharge(250, chargingPlan({ mode: 'ultra', bestOf: 1 }).multiplier)).to.equal(750);
  });
});
