/**
 * The recorded hash of a golden check (bench/detector/golden.ts, bench/humanizer/golden.ts): `--update`
 * records the digest, otherwise it must equal the recorded one (exit 1 on a difference).
 */
import { readFileSync, writeFileSync } from 'node:fs';

export function recordOrCompare(file: string, digest: string): void {
  console.log(`sha256 ${digest}`);
  if (process.argv.includes('--update')) {
    writeFileSync(file, `${digest}\n`);
    console.log(`recorded in ${file}`);
    return;
  }
  let expected = '';
  try { expected = readFileSync(file, 'utf8').trim(); } catch { /* none recorded yet */ }
  if (expected !== digest) {
    console.error(expected ? `DIFFERENT from the recorded ${expected}` : 'no recorded hash: run with --update');
    process.exit(1);
  }
  console.log('same as recorded');
}
