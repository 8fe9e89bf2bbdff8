/**
 * Writes openapi.json at the repository root from schemas/. With `--check`, writes nothing and exits 1 when the
 * checked-in file differs from what the sources give now.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { renderOpenApiJson } from '../schemas/openapi/document.js';

const target = new URL('../openapi.json', import.meta.url);

async function main(): Promise<void> {
  const fresh = renderOpenApiJson();
  if (process.argv.includes('--check')) {
    const current = await readFile(target, 'utf8').catch((err: unknown) => {
      if (err instanceof Error && 'code' in err && err.code === 'ENOENT') return '';
      throw err;
    });
    if (current !== fresh) {
      process.stderr.write('openapi.json is out of date: run npm run openapi\n');
      process.exitCode = 1;
    }
    return;
  }
  await writeFile(target, fresh);
  process.stdout.write(`wrote ${target.pathname}\n`);
}

await main();
