/** Files shipped beside the code (package.json, openapi.json), found from source (tsx) and from dist/ alike. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function projectFile(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, name))) return join(dir, name);
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${name} not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}
