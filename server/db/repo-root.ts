import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, from a module's URL: two levels above server/db/ for the TypeScript sources, or the folder
 * holding dist-server/ for the compiled server (its main.js or one of its chunks/). Migrations (migrate.ts) and the
 * seed snapshot (seed-snapshot.ts) are found from it.
 */
export function repoRoot(moduleUrl = import.meta.url): string {
  const here = path.dirname(fileURLToPath(moduleUrl));
  const compiled = here.lastIndexOf(`${path.sep}dist-server`);
  return compiled >= 0 ? here.slice(0, compiled) : path.resolve(here, '..', '..');
}
