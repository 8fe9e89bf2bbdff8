/**
 * An independent AI-text detector for evaluating the humanizer, built differently from the service's
 * own detector (which uses 24 style features): logistic regression over hashed word 1-2-grams and
 * character 3-5-grams, trained by SGD on half B of the data (lib/data.ts), each class weighing the
 * same. The humanizer never consults it; it only measures the humanizer from the outside.
 */
import { hash32 } from '../../../workers/engines/local/humanizer/random.js';
import type { Example } from './data.js';

const DIM = 1 << 20;

export interface HoldoutDetector {
  /** Probability (0-1) that the text is machine-written. */
  prob(text: string): number;
  /** The features of a text that push its score up the most (for diagnostics). */
  explain(text: string, top?: number): Array<{ feature: string; weight: number }>;
}

function featureNames(text: string): Set<string> {
  const out = new Set<string>();
  const lower = text.toLowerCase();
  const words = lower.match(/\p{L}+(?:['’]\p{L}+)*|\p{N}+|[^\s\p{L}\p{N}]/gu) ?? [];
  for (let i = 0; i < words.length; i++) {
    out.add(`w:${words[i]}`);
    if (i > 0) out.add(`b:${words[i - 1]} ${words[i]}`);
  }
  const squashed = ` ${lower.replace(/\s+/gu, ' ')} `;
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= squashed.length; i++) out.add(`c:${squashed.slice(i, i + n)}`);
  return out;
}

function features(text: string): Uint32Array {
  const out = new Set<number>();
  const lower = text.toLowerCase();
  const words = lower.match(/\p{L}+(?:['’]\p{L}+)*|\p{N}+|[^\s\p{L}\p{N}]/gu) ?? [];
  for (let i = 0; i < words.length; i++) {
    out.add(hash32(`w:${words[i]}`) % DIM);
    if (i > 0) out.add(hash32(`b:${words[i - 1]} ${words[i]}`) % DIM);
  }
  const squashed = ` ${lower.replace(/\s+/gu, ' ')} `;
  for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= squashed.length; i++) out.add(hash32(`c:${squashed.slice(i, i + n)}`) % DIM);
  return Uint32Array.from(out);
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, z))));

export function trainHoldoutDetector(examples: readonly Example[], options: { epochs?: number; seed?: number } = {}): HoldoutDetector {
  const epochs = options.epochs ?? 5;
  const w = new Float32Array(DIM);
  let bias = 0;
  const data = examples.map((e) => ({ f: features(e.text), y: e.label === 'ai' ? 1 : 0 }));
  const nAi = data.filter((d) => d.y === 1).length;
  const classWeight = [data.length / (2 * Math.max(1, data.length - nAi)), data.length / (2 * Math.max(1, nAi))];
  const lambda = 1e-6;
  let state = (options.seed ?? 1) >>> 0;
  const order = data.map((_, i) => i);
  let step = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    // Seeded Fisher-Yates shuffle, so training is reproducible.
    for (let i = order.length - 1; i > 0; i--) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      const j = state % (i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const idx of order) {
      const { f, y } = data[idx]!;
      const scale = 1 / Math.sqrt(f.length);
      let z = bias;
      for (const k of f) z += w[k]! * scale;
      const lr = 0.5 / (1 + step++ / 2000);
      const g = (sigmoid(z) - y) * classWeight[y]!;
      bias -= lr * g * 0.1;
      for (const k of f) w[k] = w[k]! * (1 - lr * lambda) - lr * g * scale;
    }
  }
  return {
    prob(text: string): number {
      const f = features(text);
      const scale = 1 / Math.sqrt(f.length);
      let z = bias;
      for (const k of f) z += w[k]! * scale;
      return sigmoid(z);
    },
    explain(text: string, top = 20) {
      return [...featureNames(text)].map((feature) => ({ feature, weight: w[hash32(feature) % DIM]! }))
        .sort((a, b) => b.weight - a.weight).slice(0, top);
    },
  };
}

/** Area under the ROC curve of scores for positives vs negatives. */
export function auroc(pos: readonly number[], neg: readonly number[]): number {
  let wins = 0;
  const sortedNeg = [...neg].sort((a, b) => a - b);
  for (const p of pos) {
    let lo = 0; let hi = sortedNeg.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (sortedNeg[mid]! < p) lo = mid + 1; else hi = mid; }
    let eq = lo;
    while (eq < sortedNeg.length && sortedNeg[eq] === p) eq++;
    wins += lo + (eq - lo) / 2;
  }
  return wins / Math.max(1, pos.length * neg.length);
}
