/**
 * Gradient-boosted decision stumps on the logistic loss. With one split per tree the ensemble is an
 * additive model: each feature gets its own step-shaped contribution, which keeps it explainable.
 * Split points are searched on per-feature quantiles; everything is deterministic.
 */
import { sigmoid } from './logistic.js';

export interface Stump { feature: number; threshold: number; left: number; right: number }
export interface StumpModel { bias: number; stumps: Stump[] }

export interface StumpOptions { rounds: number; learningRate: number; minLeaf: number; quantiles: number; l2: number; sampleWeights?: number[] }

function candidateThresholds(values: number[], quantiles: number): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out = new Set<number>();
  for (let q = 1; q < quantiles; q++) {
    const i = Math.floor((q / quantiles) * sorted.length);
    const a = sorted[Math.max(0, i - 1)]!;
    const b = sorted[i]!;
    if (a !== b) out.add((a + b) / 2);
  }
  return [...out];
}

export function fitStumps(x: number[][], y: number[], o: StumpOptions): StumpModel {
  const n = x.length;
  const d = x[0]!.length;
  const sw = o.sampleWeights ?? new Array<number>(n).fill(1);
  const posW = y.reduce((a, v, i) => a + v * sw[i]!, 0);
  const totalW = sw.reduce((a, b) => a + b, 0);
  const bias = Math.log(posW / (totalW - posW));
  const f = new Array<number>(n).fill(bias);
  const thresholds = Array.from({ length: d }, (_, j) => candidateThresholds(x.map((r) => r[j]!), o.quantiles));
  const stumps: Stump[] = [];
  for (let round = 0; round < o.rounds; round++) {
    const g = f.map((fi, i) => sw[i]! * (sigmoid(fi) - y[i]!));
    const h = f.map((fi, i) => sw[i]! * Math.max(sigmoid(fi) * (1 - sigmoid(fi)), 1e-6));
    let best: { gain: number; stump: Stump } | null = null;
    for (let j = 0; j < d; j++) {
      for (const t of thresholds[j]!) {
        let gl = 0, hl = 0, gr = 0, hr = 0, nl = 0;
        for (let i = 0; i < n; i++) {
          if (x[i]![j]! <= t) { gl += g[i]!; hl += h[i]!; nl++; } else { gr += g[i]!; hr += h[i]!; }
        }
        if (nl < o.minLeaf || n - nl < o.minLeaf) continue;
        const gain = (gl * gl) / (hl + o.l2) + (gr * gr) / (hr + o.l2);
        if (!best || gain > best.gain) {
          best = { gain, stump: { feature: j, threshold: t, left: -gl / (hl + o.l2), right: -gr / (hr + o.l2) } };
        }
      }
    }
    if (!best) break;
    const s = { ...best.stump, left: best.stump.left * o.learningRate, right: best.stump.right * o.learningRate };
    stumps.push(s);
    for (let i = 0; i < n; i++) f[i]! += x[i]![s.feature]! <= s.threshold ? s.left : s.right;
  }
  return { bias, stumps };
}

export function predictStumps(m: StumpModel, row: number[]): number {
  let z = m.bias;
  for (const s of m.stumps) z += row[s.feature]! <= s.threshold ? s.left : s.right;
  return z;
}
