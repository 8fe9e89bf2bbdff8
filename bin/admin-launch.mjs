/**
 * `npm run admin`: runs the bundled CLI (dist/bin/admin.js, written by `npm run build`) when it is newer than every
 * source it is built from, else the TypeScript sources through tsx, in this process either way. Plain JavaScript,
 * so that choosing costs no TypeScript loader: the bundle answers in a fraction of the time tsx needs to start.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the CLI is built from: its folders' TypeScript and JSON, and the lock file. */
const SOURCE_DIRS = ['bin', 'domain', 'infra', 'projections', 'schemas'];

/** The latest modification time (ms) of a .ts or .json file under `dir`, 0 when there is none. */
function newestIn(dir) {
  let newest = 0;
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return 0; }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(path));
    else if (/\.(?:ts|mts|json)$/u.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Whether the bundle under `root` was built after the last change to its sources. */
export function bundleIsFresh(root = ROOT) {
  const bundle = join(root, 'dist', 'bin', 'admin.js');
  if (!existsSync(bundle)) return false;
  const built = statSync(bundle).mtimeMs;
  const lock = join(root, 'package-lock.json');
  const sources = Math.max(existsSync(lock) ? statSync(lock).mtimeMs : 0, ...SOURCE_DIRS.map((d) => newestIn(join(root, d))));
  return built >= sources;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (bundleIsFresh()) {
    await import(pathToFileURL(join(ROOT, 'dist', 'bin', 'admin.js')).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(join(ROOT, 'bin', 'admin.ts')).href);
  }
}
