/** Per-fold figures of the held-out evaluation and their Markdown report. */
import type { Row } from './fit-model.js';
import { MIN_WORDS_MEDIUM_CONFIDENCE as MIN_WORDS } from '../../../workers/engines/local/detector/detector.js';
import { auroc, rateAtOrAbove, round, tprAtFpr } from './metrics.js';

interface Figures { texts: number; human: number; ai: number; auroc: number | null; tpr_at_1pct_fpr: number | null; human_fpr_at_likely_ai: number | null; human_fpr_at_50: number | null; ai_tpr_at_likely_ai: number | null; ai_tpr_at_50: number | null }

export interface FoldResult {
  kind: 'source' | 'domain'; name: string; thresholds: { likely_ai: number; possibly_ai: number };
  /** The fold's fitted thin-evidence exponent (under 80 words the calibrated logit × (words / 80)^exponent). */
  thin_evidence_exponent?: number;
  all: Figures; by_generator_kind: Record<string, Figures>; human_by_source: Record<string, Figures>;
}

const nan = (v: number): number | null => (Number.isFinite(v) ? round(v) : null);

function figures(scores: number[], labels: number[], likelyAi: number): Figures {
  const human = labels.filter((y) => y === 0).length;
  const ai = labels.length - human;
  return {
    texts: labels.length, human, ai,
    auroc: nan(auroc(scores, labels)),
    tpr_at_1pct_fpr: human > 0 && ai > 0 ? round(tprAtFpr(scores, labels, 0.01).tpr) : null,
    human_fpr_at_likely_ai: human > 0 ? round(rateAtOrAbove(scores, labels, 0, likelyAi)) : null,
    human_fpr_at_50: human > 0 ? round(rateAtOrAbove(scores, labels, 0, 50)) : null,
    ai_tpr_at_likely_ai: ai > 0 ? round(rateAtOrAbove(scores, labels, 1, likelyAi)) : null,
    ai_tpr_at_50: ai > 0 ? round(rateAtOrAbove(scores, labels, 1, 50)) : null,
  };
}

export function foldSummary(
  kind: 'source' | 'domain', name: string, rows: readonly Row[], scores: number[],
  thresholds: { likely_ai: number; possibly_ai: number }, kindOf: (r: Row) => string,
): FoldResult {
  const labels = rows.map((r) => r.label as number);
  const pick = (pred: (r: Row) => boolean): Figures => {
    const idx = rows.map((r, i) => (pred(r) ? i : -1)).filter((i) => i >= 0);
    return figures(idx.map((i) => scores[i]!), idx.map((i) => labels[i]!), thresholds.likely_ai);
  };
  const by: Record<string, Figures> = {};
  for (const k of ['chat', 'base', 'paraphrased']) if (rows.some((r) => kindOf(r) === k)) by[k] = pick((r) => r.label === 0 || kindOf(r) === k);
  // Texts under MIN_WORDS are pulled toward 50 by design; this shows how much of the ranking that costs.
  if (by['chat']) by['chat_80_words'] = pick((r) => r.words >= MIN_WORDS && (r.label === 0 || kindOf(r) === 'chat'));
  const humans: Record<string, Figures> = {};
  for (const s of [...new Set(rows.filter((r) => r.label === 0).map((r) => r.ex.source))].sort()) humans[s] = pick((r) => r.label === 0 && r.ex.source === s);
  return { kind, name, thresholds, all: pick(() => true), by_generator_kind: by, human_by_source: humans };
}

const pct = (v: number | null): string => (v === null ? '–' : `${(100 * v).toFixed(1)}%`);
const num = (v: number | null): string => (v === null ? '–' : v.toFixed(3));

export function markdown(result: { method: string; files: string[]; texts: number; folds: FoldResult[] }): string {
  const lines = [
    '# Detector evaluation: whole sources and whole domains held out', '',
    `${result.texts} texts from ${result.files.join(', ')}.`, '', `Method: ${result.method}.`, '',
    'AUROC by machine-text kind compares that kind\'s texts with all human texts of the fold; "chat, 80+ words" does so for',
    'texts of at least 80 words only (shorter texts are pulled toward 50 by design). Human FPR is the share of',
    'human texts scoring at or above the cut-off (likely_ai is fitted per fold, without the held-out texts).',
    'The thin-evidence exponent is fitted per fold too: under 80 words the calibrated logit is multiplied by (words / 80)^exponent.', '',
    '| held out | texts (human/AI) | AUROC | AUROC chat | AUROC chat, 80+ words | AUROC base | AUROC paraphrased | TPR @1% FPR | likely_ai cut-off | thin-evidence exponent | human FPR at likely_ai | human FPR at 50 | AI TPR at likely_ai | AI TPR at 50 | chat TPR at 50 |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const f of result.folds) {
    const a = f.all;
    lines.push(`| ${f.kind} ${f.name} | ${a.texts} (${a.human}/${a.ai}) | ${num(a.auroc)} | ${num(f.by_generator_kind['chat']?.auroc ?? null)} | ${num(f.by_generator_kind['chat_80_words']?.auroc ?? null)} | ` +
      `${num(f.by_generator_kind['base']?.auroc ?? null)} | ${num(f.by_generator_kind['paraphrased']?.auroc ?? null)} | ${pct(a.tpr_at_1pct_fpr)} | ` +
      `${f.thresholds.likely_ai} | ${f.thin_evidence_exponent ?? '–'} | ${pct(a.human_fpr_at_likely_ai)} | ${pct(a.human_fpr_at_50)} | ${pct(a.ai_tpr_at_likely_ai)} | ${pct(a.ai_tpr_at_50)} | ${pct(f.by_generator_kind['chat']?.ai_tpr_at_50 ?? null)} |`);
  }
  lines.push('', '## Human texts by source within each held-out fold', '', '| held out | human source | texts | FPR at likely_ai | FPR at 50 |', '|---|---|---|---|---|');
  for (const f of result.folds) {
    for (const [s, h] of Object.entries(f.human_by_source)) lines.push(`| ${f.kind} ${f.name} | ${s} | ${h.human} | ${pct(h.human_fpr_at_likely_ai)} | ${pct(h.human_fpr_at_50)} |`);
  }
  return lines.join('\n') + '\n';
}
