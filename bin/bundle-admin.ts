/**
 * Bundles the admin CLI into dist/bin/admin.js (run by `npm run build`, after tsc): one file and a few lazily loaded
 * chunks instead of some sixty modules and pg's CommonJS files, which Node would resolve, read and translate one by
 * one at every command. That was about a third of a command's time on a 2-core machine (`npm run bench:admin`).
 *
 * - The EventStoreDB client stays outside and loads only when chosen, as in the unbundled code.
 * - `navigator` is defined for the bundle as a non-Cloudflare runtime: pg probes for Cloudflare Workers when it
 *   loads, and on Node 20, which has no `navigator`, the probe builds a fetch `Response`, which loads undici
 *   (about 40 ms of a command). The CLI makes no HTTP requests.
 */
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('./admin.ts', import.meta.url));

export async function bundleAdmin(outdir: string): Promise<void> {
  // tsc's source map of the file the bundle replaces would point into the wrong file.
  await rm(join(outdir, 'admin.js.map'), { force: true });
  await build({
    entryPoints: [ENTRY],
    outdir,
    entryNames: '[name]',
    chunkNames: 'admin-chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@eventstore/db-client'],
    define: { navigator: '{"userAgent":"Node.js"}' },
    // pg and its helpers are CommonJS: their require() of Node's modules needs a require in an ES module.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleAdmin(process.argv[2] ?? fileURLToPath(new URL('../dist/bin', import.meta.url)));
}
