import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { MODES, type BuiltinTone, type Mode, type Readability } from '../domain/options.js';
import { dropIntensifiers } from '../workers/engines/local/humanizer/english-concise.js';
import { hedgeCertainty, hedgeClaims } from '../workers/engines/local/humanizer/english-hedges.js';
import { vividWords } from '../workers/engines/local/humanizer/english-vivid.js';
import { createRandom, hash32 } from '../workers/engines/local/humanizer/random.js';
import { rewriteOnce } from '../workers/engines/local/humanizer/rewrite.js';

type Family = 'hedges' | 'vivid' | 'concise';
interface Case { family: Family; rule: string; sentence: string; wrong: boolean; quoted?: boolean; fires?: string[]; keep?: string; never?: string[] }
const { cases } = JSON.parse(readFileSync(new URL('./fixtures/hedges-vivid-concise.json', import.meta.url), 'utf8')) as { cases: Case[] };

// As in the phrase audit: seeds 1–6 and six whose first draws fall on both sides of 0.5, so every alternative is drawn.
const SEEDS = [1, 2, 3, 4, 5, 6, ...[1, 2, 3, 4, 5, 6].map((n) => hash32(`x${n}`))];
const LEVELS: readonly Readability[] = ['high-school', 'college', 'graduate', 'doctorate'];

/** Each family as the pipeline calls it (english-pipeline.ts): hedgeCertainty first, then hedgeClaims; vividWords at rate 1. */
function direct(family: Family, s: string, seed: number): string {
  if (family === 'hedges') return hedgeClaims(hedgeCertainty(s), createRandom(seed), new Set());
  if (family === 'vivid') return vividWords(s, createRandom(seed), 1);
  return dropIntensifiers(s);
}

/**
 * The tones that turn a family on, with the modes to run them in: hedging is the academic tone's and academic mode's (which
 * hedges any tone), vivid wording the creative tone's, concise wording the professional tone's.
 */
const TONES: Record<Family, Array<[BuiltinTone, readonly Mode[]]>> = {
  hedges: [['academic', MODES], ['casual', ['academic']], ['formal', ['academic']]],
  vivid: [['creative', MODES]],
  concise: [['professional', MODES]],
};

function damaged(c: Case, out: string): boolean {
  const lower = out.toLowerCase();
  return (c.keep !== undefined && !lower.includes(c.keep.toLowerCase())) || (c.never ?? []).some((n) => lower.includes(n.toLowerCase()));
}
const fired = (c: Case, out: string): boolean => c.fires!.some((f) => out.toLowerCase().includes(f.toLowerCase()));

describe('local humanizer hedging, vivid and concise wording: an audit of where they changed the meaning or broke the grammar', () => {
  for (const family of ['hedges', 'vivid', 'concise'] as const) {
    for (const rule of [...new Set(cases.filter((c) => c.family === family).map((c) => c.rule))]) {
      const own = cases.filter((c) => c.family === family && c.rule === rule);
      it(`${family}, ${rule}: ${own.filter((c) => c.wrong).length} sentences it once damaged, ${own.filter((c) => !c.wrong).length} it rewrites or leaves right`, () => {
        const broken: string[] = [];
        for (const c of own) {
          if (!c.quoted) {
            for (const seed of SEEDS) {
              const out = direct(family, c.sentence, seed);
              if (damaged(c, out) || (c.fires && !fired(c, out))) { broken.push(`[rule, seed ${seed}] ${c.sentence} → ${out}`); break; }
            }
          }
          let firedOnce = false;
          search: for (const [name, modes] of TONES[family]) {
            for (const mode of modes) {
              for (let seed = 1; seed <= 6; seed++) {
                const readability = LEVELS[(seed + mode.length) % LEVELS.length]!;
                const out = rewriteOnce({ text: c.sentence, mode, tone: { kind: 'builtin', name }, readability, language: 'en', freezeWords: [], seed }, seed);
                if (c.fires && fired(c, out)) firedOnce = true;
                if (damaged(c, out)) { broken.push(`[${mode}/${name}/${readability}/${seed}] ${c.sentence} → ${out}`); break search; }
              }
            }
          }
          if (c.fires && !firedOnce) broken.push(`[never fired in the rewrite] ${c.sentence}`);
        }
        expect(broken).to.deep.equal([]);
      });
    }
  }
});
