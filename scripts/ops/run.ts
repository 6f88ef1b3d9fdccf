/**
 * `npm run test:ops`: the operations tests (scripts/ops/*.ops.ts) one after another, each in its own Node
 * test process, against real server processes. OPS_ROUNDS (default 20) sets the rounds of the repeated ones.
 * Arguments pick files by name: `npm run test:ops -- status-fanout` runs the live order status across two processes
 * on PostgreSQL (status-fanout.ops.ts, about 40 s: not in test:ops:quick).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv.slice(2);
const files = readdirSync('scripts/ops')
  .filter((f) => f.endsWith('.ops.ts'))
  .filter((f) => !only.length || only.some((o) => f.includes(o)))
  .sort()
  .map((f) => `scripts/ops/${f}`);
const t0 = Date.now();
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...files], { stdio: 'inherit' });
console.log(`test:ops: ${files.length} file(s) in ${Math.round((Date.now() - t0) / 1000)} s`);
process.exit(r.status ?? 1);
