import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { replaceConnectiveOpener, replacePhrases } from '../workers/engines/local/humanizer/english-rules.js';
import { createRandom, hash32 } from '../workers/engines/local/humanizer/random.js';

interface Case { rule: string; fn: 'phrases' | 'opener'; sentence: string; register: 'casual' | 'neutral' | 'formal'; unchanged?: boolean; keep?: string; never?: string[] }
const { cases } = JSON.parse(readFileSync(new URL('./fixtures/phrase-rules.json', import.meta.url), 'utf8')) as { cases: Case[] };

// The first draw of seeds 1–6 is at or above 0.5, so a rule with two alternatives would only ever show its second:
// six seeds whose first draws fall on both sides are added.
const SEEDS = [1, 2, 3, 4, 5, 6, ...[1, 2, 3, 4, 5, 6].map((n) => hash32(`x${n}`))];

function wrong(c: Case, out: string): boolean {
  const lower = out.toLowerCase();
  return (c.unchanged === true && out !== c.sentence) || (c.keep !== undefined && !lower.includes(c.keep.toLowerCase()))
    || (c.never ?? []).some((n) => lower.includes(n.toLowerCase()));
}

describe('local humanizer phrase rules: an audit of where they change the meaning or break the grammar', () => {
  for (const rule of [...new Set(cases.map((c) => c.rule))]) {
    const own = cases.filter((c) => c.rule === rule);
    it(`"${rule}": ${own.length} sentence × register cases`, () => {
      const broken: string[] = [];
      for (const c of own) {
        for (const seed of SEEDS) {
          const out = c.fn === 'phrases' ? replacePhrases(c.sentence, c.register, createRandom(seed)) : replaceConnectiveOpener(c.sentence, c.register, createRandom(seed));
          if (wrong(c, out)) { broken.push(`[${c.register}] ${c.sentence} → ${out}`); break; }
        }
      }
      expect(broken).to.deep.equal([]);
    });
  }
});
