import { expect } from 'chai';
import { BUILTIN_TONES, MODES, READABILITY_LEVELS } from '../domain/options.js';
import { rewriteOnce } from '../workers/engines/local/humanizer/rewrite.js';

/**
 * The twenty-first reading (47 new texts: tenancy, loan and insurance terms, a pharmacy leaflet, a discharge summary, API
 * and SDK docs, a changelog, a job ad, a grant proposal, a press release, a eulogy, a comparison table, FAQ, minutes, seven
 * in other languages …, each in every mode, tone and readability level with seeds 1–3): each defect it found, in the
 * paragraph it was found in, must not come back under any setting.
 */
interface Case { what: string; text: string; never: string[]; keep?: string[] }

const CASES: Case[] = [
  {
    what: "'play a pivotal role' as the second verb of an infinitive is not 'are central to'",
    text: 'At Fernway, we are on a mission to revolutionize the way small businesses manage their finances. We are seeking a passionate Senior Data Engineer to join our dynamic team and play a pivotal role in shaping our data platform. In this role, you will design, build and maintain robust pipelines.',
    never: ['are central to shaping', 'are a big part of shaping'],
    keep: ['play a pivotal role in shaping'],
  },
  {
    what: "no connective that the next words echo ('Beyond this, this …', 'On top of that, … on top of')",
    text: 'If your product develops a fault during the guarantee period, we will repair or replace it free of charge. Proof of purchase is required for all claims. Furthermore, this guarantee is in addition to, and does not affect, your statutory rights as a consumer.',
    never: ['this, this', 'On top of that, this guarantee is on top of', 'Beyond that, that'],
  },
  {
    what: "no contrast joined onto a sentence that opens with one ('But X, but Y')",
    text: 'Both e-readers offer excellent screens and waterproofing. However, the Kindle Paperwhite has a slightly larger display and a longer battery life, making it a compelling choice for avid readers. On the other hand, the Kobo Clara 2E supports EPUB files natively and integrates with OverDrive, which is crucial if you borrow books from your local library. Ultimately, the best choice depends on where you buy your books.',
    never: ['readers, but the Kobo', 'readers, yet the Kobo'],
  },
  {
    what: "'very often' (a frequency the finding turns on) keeps its 'very' in concise tones",
    text: 'A 2015 OECD report found that students who used computers very frequently at school performed worse in reading than those who used them moderately.',
    never: ['computers often', 'computers frequently'],
  },
];

describe('local humanizer: the twenty-first reading', function () {
  this.timeout(60_000);
  for (const c of CASES) {
    it(c.what, () => {
      for (const mode of MODES) for (const tone of BUILTIN_TONES) for (const readability of READABILITY_LEVELS) for (let seed = 1; seed <= 3; seed++) {
        const out = rewriteOnce({ text: c.text, mode, tone: { kind: 'builtin', name: tone }, readability, language: 'en', freezeWords: [], seed }, seed);
        const where = `${mode}/${tone}/${readability}/${seed}: ${out}`;
        for (const n of c.never) expect(out, where).to.not.include(n);
        for (const k of c.keep ?? []) expect(out, where).to.include(k);
      }
    });
  }

  it('still rewrites the stock phrases where they are right', () => {
    const outs = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) {
      for (const tone of ['casual', 'formal'] as const) {
        outs.add(rewriteOnce({ text: 'Teachers play a pivotal role in shaping the habits of their pupils.', mode: 'standard', tone: { kind: 'builtin', name: tone }, readability: 'college', language: 'en', freezeWords: [], seed }, seed));
        outs.add(rewriteOnce({ text: 'The plan is cheap. Furthermore, the company will pay for it.', mode: 'standard', tone: { kind: 'builtin', name: tone }, readability: 'college', language: 'en', freezeWords: [], seed }, seed));
      }
    }
    const all = [...outs].join('\n');
    expect(all).to.match(/(?:are central to|are a big part of) shaping/u);
    expect(all).to.not.include('Furthermore');
  });
});
