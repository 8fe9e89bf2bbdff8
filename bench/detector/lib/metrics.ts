/** Ranking and calibration metrics for binary scores (label 1 = AI). */

export function auroc(scores: number[], labels: number[]): number {
  const npos = labels.filter((y) => y === 1).length;
  const nneg = labels.length - npos;
  if (npos === 0 || nneg === 0) return NaN;
  // Rank-sum (Mann-Whitney U) with ties given half credit.
  const all = scores.map((s, i) => ({ s, y: labels[i]! })).sort((a, b) => a.s - b.s);
  let rankSum = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j < all.length && all[j]!.s === all[i]!.s) j++;
    const avg = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k]!.y === 1) rankSum += avg;
    i = j;
  }
  return (rankSum - (npos * (npos + 1)) / 2) / (npos * nneg);
}

/** True-positive rate at the lowest threshold that keeps the false-positive rate at or under `fpr`. */
export function tprAtFpr(scores: number[], labels: number[], fpr: number): { tpr: number; threshold: number } {
  const neg = scores.filter((_, i) => labels[i] === 0).sort((a, b) => b - a);
  const pos = scores.filter((_, i) => labels[i] === 1);
  const allowed = Math.floor(fpr * neg.length);
  // Scores strictly above the (allowed+1)-th highest human score are flagged.
  const threshold = neg[allowed] ?? -Infinity;
  return { tpr: pos.filter((s) => s > threshold).length / Math.max(1, pos.length), threshold };
}

/** Share of the examples with `label` whose score is at or above `threshold`. */
export function rateAtOrAbove(scores: number[], labels: number[], label: number, threshold: number): number {
  const sel = scores.filter((_, i) => labels[i] === label);
  return sel.filter((s) => s >= threshold).length / Math.max(1, sel.length);
}

export interface ReliabilityBin { from: number; to: number; count: number; mean_predicted: number; observed_ai_share: number }

/** Reliability curve of probabilities in [0,1] over equal-width bins, plus expected calibration error. */
export function reliability(probs: number[], labels: number[], bins = 10): { bins: ReliabilityBin[]; ece: number } {
  const out: ReliabilityBin[] = [];
  let ece = 0;
  for (let b = 0; b < bins; b++) {
    const from = b / bins;
    const to = (b + 1) / bins;
    const idx: number[] = [];
    probs.forEach((p, i) => { if (p >= from && (p < to || (b === bins - 1 && p <= to))) idx.push(i); });
    const mp = idx.reduce((a, i) => a + probs[i]!, 0) / Math.max(1, idx.length);
    const obs = idx.reduce((a, i) => a + labels[i]!, 0) / Math.max(1, idx.length);
    out.push({ from, to, count: idx.length, mean_predicted: round(mp), observed_ai_share: round(obs) });
    ece += (idx.length / probs.length) * Math.abs(mp - obs);
  }
  return { bins: out, ece: round(ece) };
}

export function round(v: number, digits = 4): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}
