import { expect } from 'chai';
import { BUILTIN, outputs } from './support/humanizer-settings.js';

/**
 * A reading of scholarly English, where a rewrite must never change the strength of a claim: 30 texts of 80–200 words
 * (abstracts, methods, results, discussions and limitations with hedges, statistics, citations, causal and correlational
 * wording, negations, definitions with quoted terms, Latin abbreviations, units and chemical names; stock-register
 * student essays and literature reviews; two human-written controls), 6,000 rewrites over every mode, built-in tone,
 * readability level and seeds 1–2, 235 distinct changed sentences, no checker defect. Hedges ("may", "appeared to",
 * "it is possible that"), negations ("did not significantly differ", "cannot be ruled out"), "is associated with",
 * statistics and citations all stayed as written and where they were. 8 sentences were damaged, all of one kind: a term
 * of art replaced by its everyday synonym: "we had expected a large effect" → "a big effect" (Cohen's sizes), "in a
 * larger sample" → "a bigger sample", "academic outcomes" → "academic results" (in a "Conclusions:" line after a
 * "Results:" one), "the outcomes of use" → "the results of use". A probe of five more texts (significance, means,
 * control groups, causation, "e.g.", "i.e.", "cf.", "vs.") found the same kind: "the mean change in the placebo group was
 * also large" → "also big", "a larger trial is needed" → "a bigger trial". Each must not come back under any built-in
 * setting, and "large", "larger" and "outcomes" are still rewritten in everyday text.
 */

const all = (text: string): string[] => outputs(text, BUILTIN, { seeds: 2 }).map(({ out, where }) => `${where}: ${out}`);
const none = (text: string, bad: RegExp): void => {
  const found = all(text).filter((o) => bad.test(o));
  expect(found, found.slice(0, 3).join('\n')).to.deep.equal([]);
};
const some = (text: string, good: RegExp): void => {
  expect(all(text).some((o) => good.test(o)), text).to.equal(true);
};

describe('local humanizer: scholarly terms keep their words (academic reading)', function () {
  this.timeout(60_000);

  it('an effect, a sample, a trial or a statistic said to be large stays "large"', () => {
    none('We were surprised by the null result. Honestly, we had expected a large effect, given what the pilot showed. But the pilot had only 20 participants, and in hindsight its estimate was probably inflated.', /\bbig effect/);
    none('While feedback frequency was positively correlated with revision quality (r = .42), the correlation was weaker for students who already wrote well. Furthermore, Smith and Lee [3] found no such relationship in a larger sample.', /\bbigger sample/);
    none('The treatment group showed a significant improvement in symptom scores (p = .03). However, the mean change in the placebo group was also large. These results might indicate a dose-dependent response, but a larger trial is needed.', /\bbig(?:ger)?\b/);
    none('A paired-samples t-test indicated that this difference was statistically significant, t(87) = 6.42, p < .001. Moreover, gains were larger for students with lower baseline scores.', /\bbigger\b/);
  });

  it('"outcomes" in research stays a term', () => {
    none('Results: Shorter sleep was associated with lower grade point averages (r = -.31, p < .001). Conclusions: These findings suggest that sleep duration is an important factor in academic outcomes. However, causality cannot be inferred from cross-sectional data.', /academic results/);
    none('However, scholars have increasingly argued that access alone is insufficient (van Dijk, 2005). Consequently, the concept now includes differences in skills and in the outcomes of use. It is important to note that these levels are related but not identical.', /results of use/);
  });

  it('controls: everyday "large", "larger" and "outcomes" are still rewritten', () => {
    some('We moved to a larger house last year, and the kids love it. The garden is large too.', /bigger house/);
    some('This suggests that larger particles may be less active per surface atom. The samples were dried overnight.', /bigger particles/);
    some('The team was pleased with the outcomes. We will meet again next week to plan the next steps.', /pleased with the results/);
  });
});
