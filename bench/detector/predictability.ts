/**
 * Would a predictability signal find base-model continuations without accusing students? For each
 * source that holds base-model text, and for OUTFOX's student essays, a Kneser–Ney trigram model is
 * built from the human texts of every *other* source (the humanizer's second judge,
 * bench/humanizer/lib/lm-detector.ts), and each statistic of LM_FEATURES, plus the share of a text's
 * word trigrams it already used (repetition), is ranked between that source's human texts and its
 * base-model or chat-model texts. An AUROC above 0.5 means the machine texts have the higher value.
 *
 *   npx tsx bench/detector/predictability.ts    (about a minute; bench/results/detector-predictability.md)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CORPUS_FILES, DATA_DIR, REPO_ROOT, generatorKind, loadExamples, type Example } from './lib/dataset.js';
import { auroc } from './lib/metrics.js';
import { LM_FEATURES, buildLanguageModel, statistics, tokenize } from '../humanizer/lib/lm-detector.js';

const MEASURES = [...LM_FEATURES, 'repetition'] as const;
const PER_KIND = 600;

function repetition(tokens: readonly string[]): number {
  const seen = new Set<string>();
  let repeated = 0;
  for (let i = 2; i < tokens.length; i++) {
    const key = `${tokens[i - 2]} ${tokens[i - 1]} ${tokens[i]}`;
    if (seen.has(key)) repeated++;
    seen.add(key);
  }
  return repeated / Math.max(1, tokens.length - 2);
}

const all: Example[] = CORPUS_FILES.filter((f) => !f.file.includes('attacks')).flatMap(({ file, source }) => loadExamples(resolve(DATA_DIR, file), source));
const sources = [...new Set(all.map((e) => e.source))];
const lines: string[] = [
  '# Predictability under a model of other sources\' human text', '',
  'Per held-out source: AUROC of each statistic, machine texts against the source\'s human texts (above 0.5: machine higher), and the human texts\' median.', '',
  `| held out | kind | texts (human/machine) | ${MEASURES.join(' | ')} |`, `|---|---|---|${MEASURES.map(() => '---').join('|')}|`,
];
const described = new Map<string, { human: number[][]; base: number[][] }>();
for (const source of sources) {
  const start = lines.length;
  const lm = buildLanguageModel(all.filter((e) => e.source !== source && e.label === 'human').map((e) => e.text));
  const describe = (e: Example): number[] => { const t = tokenize(e.text); return [...statistics(lm, t), repetition(t)]; };
  const human = all.filter((e) => e.source === source && e.label === 'human').slice(0, PER_KIND).map(describe);
  for (const kind of ['base', 'chat'] as const) {
    const machine = all.filter((e) => e.source === source && e.label === 'ai' && generatorKind(e.generator) === kind).slice(0, PER_KIND).map(describe);
    if (kind === 'base') described.set(source, { human, base: machine });
    if (machine.length < 20) continue;
    const cells = MEASURES.map((_, k) => auroc([...machine, ...human].map((r) => r[k]!), [...machine.map(() => 1), ...human.map(() => 0)]).toFixed(3));
    lines.push(`| ${source} | ${kind} | ${human.length}/${machine.length} | ${cells.join(' | ')} |`);
  }
  const medians = MEASURES.map((_, k) => { const v = human.map((r) => r[k]!).sort((a, b) => a - b); return v[v.length >> 1]!.toFixed(3); });
  lines.push(`| ${source} | human median | ${human.length} | ${medians.join(' | ')} |`);
  console.log(lines.slice(start).join('\n'));
}
// As a rule: a text is called machine-written when a statistic lies beyond the 95th percentile of every
// source's human texts pooled (each under the model of the other sources). What share of each source's
// base-model texts would it catch, and what share of each source's human texts would it accuse?
lines.push('', 'A rule "beyond the pooled human 95th percentile": share of base-model texts caught / of human texts accused, per source.', '',
  `| measure | ${sources.map((s) => `${s} base / human`).join(' | ')} |`, `|---|${sources.map(() => '---').join('|')}|`);
for (const [k, name] of MEASURES.entries()) {
  if (!['mean_log_prob', 'top1_share', 'top10_share', 'repetition'].includes(name)) continue;
  const pooled = [...described.values()].flatMap((d) => d.human.map((r) => r[k]!)).sort((a, b) => a - b);
  const cut = pooled[Math.floor(pooled.length * 0.95)]!;
  const share = (rows: number[][]): string => (rows.length === 0 ? '–' : `${(100 * rows.filter((r) => r[k]! > cut).length / rows.length).toFixed(1)}%`);
  lines.push(`| ${name} | ${sources.map((s) => { const d = described.get(s)!; return `${share(d.base)} / ${share(d.human)}`; }).join(' | ')} |`);
}
console.log(lines.slice(-8).join('\n'));
const dir = resolve(REPO_ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'detector-predictability.md'), lines.join('\n') + '\n');
