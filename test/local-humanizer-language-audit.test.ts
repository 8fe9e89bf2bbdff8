import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { Language } from '../domain/options.js';
import { rewriteOnce } from '../workers/engines/local/humanizer/rewrite.js';

interface Case { language: string; rule: string; text: string; requested: Language; wrong: boolean; keep?: string; never?: string[] }
const { cases } = JSON.parse(readFileSync(new URL('./fixtures/language-rules.json', import.meta.url), 'utf8')) as { cases: Case[] };

describe('local humanizer in other languages: an audit of where its rules broke the grammar or the meaning', () => {
  for (const language of [...new Set(cases.map((c) => c.language))]) {
    const own = cases.filter((c) => c.language === language);
    it(`${language}: ${own.filter((c) => c.wrong).length} texts it once damaged, ${own.filter((c) => !c.wrong).length} it rewrites right`, () => {
      const broken: string[] = [];
      for (const c of own) {
        search: for (const mode of ['standard', 'aggressive'] as const) {
          for (const name of ['casual', 'formal'] as const) {
            for (const readability of ['high-school', 'college'] as const) {
              for (const seed of [1, 7]) {
                const out = rewriteOnce({ text: c.text, mode, tone: { kind: 'builtin', name }, readability, language: c.requested, freezeWords: [], seed }, seed);
                if ((c.keep !== undefined && !out.includes(c.keep)) || (c.never ?? []).some((n) => out.includes(n))) {
                  broken.push(`[${c.rule}; ${mode}/${name}/${readability}/${seed}] ${c.text} → ${out}`);
                  break search;
                }
              }
            }
          }
        }
      }
      expect(broken).to.deep.equal([]);
    });
  }
});
