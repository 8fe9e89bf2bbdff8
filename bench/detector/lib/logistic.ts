/**
 * L2-regularised logistic regression fitted by Newton's method (exact, deterministic), on features
 * standardised to zero mean and unit variance. Small feature counts only (a dense Hessian is solved).
 */

export interface Standardiser { mean: number[]; std: number[] }
export interface LogisticFit { weights: number[]; bias: number }

export function fitStandardiser(rows: number[][]): Standardiser {
  const d = rows[0]!.length;
  const mean = new Array<number>(d).fill(0);
  const std = new Array<number>(d).fill(0);
  for (const r of rows) for (let j = 0; j < d; j++) mean[j]! += r[j]! / rows.length;
  for (const r of rows) for (let j = 0; j < d; j++) std[j]! += (r[j]! - mean[j]!) ** 2 / Math.max(1, rows.length - 1);
  return { mean, std: std.map((v) => (v > 1e-12 ? Math.sqrt(v) : 1)) };
}

export function standardise(row: number[], s: Standardiser): number[] {
  return row.map((v, j) => (v - s.mean[j]!) / s.std[j]!);
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Solves A x = b for a symmetric positive definite A (Gaussian elimination with partial pivoting). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r]![n]!;
    for (let k = r + 1; k < n; k++) s -= m[r]![k]! * x[k]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}

/**
 * Fits weights minimising weighted mean log-loss + lambda/2 * |w - prior|^2 (the bias is not
 * penalised). `sampleWeights` lets callers balance classes or domains.
 */
export function fitLogistic(
  x: number[][], y: number[], lambda: number,
  opts: { prior?: number[]; sampleWeights?: number[]; iterations?: number } = {},
): LogisticFit {
  const d = x[0]!.length;
  const prior = opts.prior ?? new Array<number>(d).fill(0);
  const sw = opts.sampleWeights ?? new Array<number>(x.length).fill(1);
  const total = sw.reduce((a, b) => a + b, 0);
  let w = [...prior, 0];
  for (let it = 0; it < (opts.iterations ?? 40); it++) {
    const grad = new Array<number>(d + 1).fill(0);
    const hess = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < x.length; i++) {
      const xi = [...x[i]!, 1];
      let z = 0;
      for (let j = 0; j <= d; j++) z += w[j]! * xi[j]!;
      const p = sigmoid(z);
      const g = (sw[i]! * (p - y[i]!)) / total;
      const h = (sw[i]! * Math.max(p * (1 - p), 1e-9)) / total;
      for (let j = 0; j <= d; j++) {
        grad[j]! += g * xi[j]!;
        for (let k = j; k <= d; k++) hess[j]![k]! += h * xi[j]! * xi[k]!;
      }
    }
    for (let j = 0; j <= d; j++) for (let k = 0; k < j; k++) hess[j]![k] = hess[k]![j]!;
    for (let j = 0; j < d; j++) { grad[j]! += lambda * (w[j]! - prior[j]!); hess[j]![j]! += lambda; }
    hess[d]![d]! += 1e-9;
    const step = solve(hess, grad);
    w = w.map((v, j) => v - step[j]!);
    if (Math.max(...step.map(Math.abs)) < 1e-9) break;
  }
  return { weights: w.slice(0, d), bias: w[d]! };
}

export function predictLogit(fit: LogisticFit, row: number[]): number {
  let z = fit.bias;
  for (let j = 0; j < row.length; j++) z += fit.weights[j]! * row[j]!;
  return z;
}
