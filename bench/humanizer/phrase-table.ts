/**
 * Derives the humanizer's table of machine-typical words and phrases from half A of the detection data
 * (lib/data.ts): word 1-3-grams whose share of machine-written documents exceeds their share of
 * human-written ones by the largest, best-supported margins (smoothed log-odds of document
 * frequencies, each class weighed equally). Writes workers/engines/local/humanizer/machine-phrases.json.
 *
 *   npx tsx bench/humanizer/phrase-table.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadAll, REPO_ROOT, sideOf } from './lib/data.js';
import { SYNONYMS } from '../../workers/engines/local/humanizer/english-synonyms.js';

const MIN_AI_DOCS = 25;
const MIN_LOG_ODDS = 0.9;
const KEEP = 300;

const examples = loadAll().filter((e) => sideOf(e.group) === 'A');
const docs = { ai: 0, human: 0 };
const df = new Map<string, { ai: number; human: number }>();
for (const e of examples) {
  docs[e.label]++;
  const tokens = e.text.toLowerCase().replace(/’/gu, "'").match(/\p{L}+(?:'\p{L}+)*|[,;:]/gu) ?? [];
  const seen = new Set<string>();
  for (let n = 1; n <= 3; n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const gram = tokens.slice(i, i + n);
      if (gram.every((t) => /^[,;:]$/u.test(t)) || /^[,;:]$/u.test(gram[0]!)) continue;
      seen.add(gram.join(' ').replace(/ ([,;:])/gu, '$1'));
    }
  }
  for (const g of seen) {
    const c = df.get(g) ?? { ai: 0, human: 0 };
    c[e.label]++;
    df.set(g, c);
  }
}
const rows = [...df].filter(([, c]) => c.ai >= MIN_AI_DOCS).map(([gram, c]) => {
  const logOdds = Math.log((c.ai + 1) / (docs.ai + 2)) - Math.log((c.human + 1) / (docs.human + 2));
  return { gram, log_odds: Math.round(logOdds * 1000) / 1000, ai_docs: c.ai, human_docs: c.human };
}).filter((r) => r.log_odds >= MIN_LOG_ODDS)
  .sort((a, b) => b.log_odds * Math.sqrt(b.ai_docs) - a.log_odds * Math.sqrt(a.ai_docs))
  .slice(0, KEEP);
// Log-odds of every synonym-table member, so the rewriter can tell which of two same-sense words reads as more human.
const members: Record<string, number> = {};
for (const key of SYNONYMS.keys()) {
  const c = df.get(key);
  if (!c || c.ai + c.human < 8) continue;
  members[key] = Math.round((Math.log((c.ai + 1) / (docs.ai + 2)) - Math.log((c.human + 1) / (docs.human + 2))) * 1000) / 1000;
}
const out = {
  version: 1,
  source: 'half A of ../shared/data/detect (train.jsonl and extra/*.jsonl), split by group (bench/humanizer/lib/data.ts)',
  documents: docs,
  min_ai_docs: MIN_AI_DOCS, min_log_odds: MIN_LOG_ODDS,
  phrases: rows,
  members,
};
writeFileSync(resolve(REPO_ROOT, 'workers/engines/local/humanizer/machine-phrases.json'), JSON.stringify(out, null, 1) + '\n');
console.log(docs, rows.length, rows.slice(0, 80).map((r) => `${r.gram}:${r.log_odds}`).join(' | '));
