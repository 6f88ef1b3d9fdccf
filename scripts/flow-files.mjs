// node scripts/flow-files.mjs <rev or WT> <entry...>: the project files reachable from the entries by static and dynamic relative imports (type imports included), at a commit (git show) or in the work tree (WT), and how many folders they sit in. docs/architecture.md#one-place-per-flow
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
const [rev, ...entries] = process.argv.slice(2);
const read = (p) => { if (rev === 'WT') { try { return fs.readFileSync(p, 'utf8'); } catch { return null; } } try { return execFileSync('git', ['show', `${rev}:${p}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }); } catch { return null; } };
const seen = new Set(); const todo = [...entries];
while (todo.length) {
  const f = todo.pop(); if (seen.has(f)) continue; const src = read(f); if (src === null) continue; seen.add(f);
  for (const m of src.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)) {
    let t = path.normalize(path.join(path.dirname(f), m[1]));
    if (!/\.(tsx?|css|json)$/.test(t)) { for (const ext of ['.ts', '.tsx']) if (read(t + ext) !== null) { t += ext; break; } }
    if (!t.endsWith('.css')) todo.push(t);
  }
}
const files = [...seen].sort();
console.log(files.join('\n'));
console.error(`${files.length} files in ${new Set(files.map((f) => path.dirname(f))).size} folders`);
