import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { BuiltinTone, Mode, Readability } from '../domain/options.js';
import { addOpener, applyContractions, capitalizeFirst, decapitalize, fixArticles } from '../workers/engines/local/humanizer/english-rules.js';
import { createRandom } from '../workers/engines/local/humanizer/random.js';
import { rewriteOnce } from '../workers/engines/local/humanizer/rewrite.js';

interface Case {
  rule: string; fn: 'contractions' | 'opener' | 'articles' | 'decapitalize' | 'capitalize' | 'pipeline'; wrong: boolean; keep?: string; never?: string[];
  sentence?: string; direction?: 'add' | 'expand'; style?: 'casual' | 'creative' | 'academic'; context?: string; seed?: number; lower?: string[];
  text?: string; mode?: Mode; tone?: { kind: 'builtin'; name: BuiltinTone }; readability?: Readability;
}
const { cases } = JSON.parse(readFileSync(new URL('./fixtures/openers-contractions.json', import.meta.url), 'utf8')) as { cases: Case[] };

/** The words a text writes in lower case and never with a capital inside a sentence, as the rewriter reads them. */
function lowerForms(text: string): Set<string> {
  const lower = new Set<string>();
  const names = new Set<string>();
  for (const m of text.matchAll(/\p{L}+(?:['’-]\p{L}+)*/gu)) {
    if (m[0] === m[0].toLowerCase()) lower.add(m[0]);
    else if (/[\p{L}\p{N},][ \t]*$/u.test(text.slice(Math.max(0, m.index - 8), m.index))) names.add(m[0].toLowerCase());
  }
  for (const n of names) lower.delete(n);
  return lower;
}

function run(c: Case): string {
  switch (c.fn) {
    case 'contractions': return applyContractions(c.sentence!, c.direction!);
    case 'opener': return addOpener(c.sentence!, c.style!, lowerForms(c.context!), createRandom(c.seed!), new Set())?.text ?? c.sentence!;
    case 'articles': return fixArticles(c.sentence!);
    case 'decapitalize': return decapitalize(c.sentence!, new Set(c.lower)) ?? c.sentence!;
    case 'capitalize': return capitalizeFirst(c.sentence!);
    case 'pipeline': return rewriteOnce({ text: c.text!, mode: c.mode!, tone: c.tone!, readability: c.readability!, language: 'en', freezeWords: [], seed: c.seed! }, c.seed!);
  }
}

describe('local humanizer contractions, openers, articles and capitals: an audit of where they damaged a text', () => {
  for (const rule of [...new Set(cases.map((c) => c.rule))]) {
    const own = cases.filter((c) => c.rule === rule);
    it(`${rule}: ${own.length} cases`, () => {
      const broken = own.map((c) => ({ c, out: run(c) }))
        .filter(({ c, out }) => (c.keep !== undefined && !out.includes(c.keep)) || (c.never ?? []).some((n) => out.includes(n)))
        .map(({ c, out }) => `${c.sentence ?? c.text} → ${out}`);
      expect(broken).to.deep.equal([]);
    });
  }
});
