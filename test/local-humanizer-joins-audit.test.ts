import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { BuiltinTone, Mode, Readability } from '../domain/options.js';
import { rewriteOnce } from '../workers/engines/local/humanizer/rewrite.js';

interface Case { rule: string; text: string; mode: Mode; tone: BuiltinTone; readability: Readability; seed: number; wrong: boolean; keep?: string; never?: string[] }
const { cases } = JSON.parse(readFileSync(new URL('./fixtures/joins-splits.json', import.meta.url), 'utf8')) as { cases: Case[] };

describe('local humanizer joins and splits: an audit of where they broke a sentence or its sense', () => {
  for (const rule of [...new Set(cases.map((c) => c.rule))]) {
    const own = cases.filter((c) => c.rule === rule);
    it(`${rule}: ${own.length} cases`, () => {
      const broken: string[] = [];
      for (const c of own) {
        for (const seed of new Set([c.seed, 1, 2, 3])) {
          const out = rewriteOnce({ text: c.text, mode: c.mode, tone: { kind: 'builtin', name: c.tone }, readability: c.readability, language: 'en', freezeWords: [], seed }, seed);
          if ((c.keep !== undefined && !out.includes(c.keep)) || (c.never ?? []).some((n) => out.includes(n))) { broken.push(`${c.text} → ${out}`); break; }
        }
      }
      expect(broken).to.deep.equal([]);
    });
  }
});
