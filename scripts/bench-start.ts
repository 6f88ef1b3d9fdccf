/**
 * npm run bench:start — start-up time and memory of the real server (server/main.ts) against the targets:
 * first start (a fresh PGlite DATA_DIR: the build's seed snapshot copied when current, else migrate + seed) to
 * ready <= 15 s, printed with the seed run at start (SEED_SNAPSHOT=off) for comparison, a later start on that DATA_DIR
 * <= 3 s, idle RSS after the seed <= 250 MB. Each start is a child process on 127.0.0.1 with a free port
 * and a temporary DATA_DIR (deleted afterwards); "ready" is its `[server] ready` line. Bounded: one
 * /healthz request per start, then SIGTERM.
 * The server is started as `npm start` starts it after its build check: `node scripts/start.mjs`, which runs the
 * compiled server (dist-server/, `npm run build:server`) when current, else the sources with tsx (printed).
 *   BENCH_TSX=1: start `node --import tsx server/main.ts` instead (the sources, as tests and e2e run them);
 *   BENCH_IDLE_MS (default 5000): how long the server idles before its RSS is read;
 *   BENCH_START_TIMEOUT_MS (default 900000): give up on a start after this long.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 900_000);
const TSX = process.env.BENCH_TSX === '1';
const SERVER_ARGS = TSX ? ['--import', 'tsx', 'server/main.ts'] : ['scripts/start.mjs'];

interface Run {
  readyMs: number;
  rssMb: number;
  log: string;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

function startOnce(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, SERVER_ARGS, {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, APP_ENV: 'development', DATABASE_URL: '', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    let done = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ready line in ${TIMEOUT_MS / 1000} s:\n${log}`));
    }, TIMEOUT_MS);
    const onData = async (chunk: Buffer) => {
      log += chunk.toString();
      const m = /\[server\] ready in \d+ ms: http:\/\/localhost:(\d+)\//.exec(log);
      if (!m || done) return;
      done = true;
      const readyMs = performance.now() - t0;
      await fetch(`http://127.0.0.1:${m[1]}/healthz`).catch(() => undefined);
      await new Promise((r) => setTimeout(r, IDLE_MS));
      const rss = child.pid ? await rssMb(child.pid) : NaN;
      child.once('exit', () => {
        clearTimeout(timer);
        resolve({ readyMs, rssMb: rss, log });
      });
      child.kill('SIGTERM');
    };
    child.stdout.on('data', (c: Buffer) => void onData(c));
    child.stderr.on('data', (c: Buffer) => void onData(c));
    child.once('exit', (code) => {
      if (!done) {
        clearTimeout(timer);
        reject(new Error(`server exited with ${code}:\n${log}`));
      }
    });
  });
}

const line = (name: string, value: number, unit: string, target: number) =>
  `  ${value <= target ? 'PASS' : 'FAIL'}  ${name.padEnd(34)} ${value.toFixed(1).padStart(7)} ${unit.padEnd(3)} target <= ${target} ${unit}: x${(value / target).toFixed(2)} of the target`;

async function main() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-start-'));
  try {
    const { serverStaleReason } = await import('./server-build.mjs');
    const serverStale = serverStaleReason();
    const how = TSX ? 'sources with tsx (BENCH_TSX=1)' : serverStale ? `sources with tsx: ${serverStale} (npm run build:server)` : 'compiled dist-server/main.js';
    console.log(`Start-up benchmark: node ${SERVER_ARGS.join(' ')} (${how}) on a fresh PGlite DATA_DIR (${dir}), RSS read after ${IDLE_MS} ms idle`);
    const first = await startOnce(path.join(dir, 'data'));
    const seeded = /\[db\] seeded[^\n]*/.exec(first.log)?.[0] ?? '';
    const later = await startOnce(path.join(dir, 'data'));
    // the seed itself, as a start without a current snapshot runs it (SEED_SNAPSHOT=off): information, no target
    const seeding = await startOnce(path.join(dir, 'data-seeding'), { SEED_SNAPSHOT: 'off' });
    console.log(`  ${seeded}`);
    console.log(line('first start to ready (snapshot or seed)', first.readyMs / 1000, 's', 15));
    console.log(`  info  first start seeding itself (SEED_SNAPSHOT=off) ${(seeding.readyMs / 1000).toFixed(1).padStart(7)} s   (no snapshot, or a stale one: ${(seeding.readyMs / first.readyMs).toFixed(1)}x the first start)`);
    console.log(line('later start to ready', later.readyMs / 1000, 's', 3));
    console.log(line('idle RSS after the seed (1st run)', first.rssMb, 'MB', 250));
    console.log(line('idle RSS, later start', later.rssMb, 'MB', 250));
    // npm start = build-if-stale then the server: with a current dist/ it must not rebuild
    const { staleReason } = await import('./build-if-stale.ts');
    const stale = await staleReason();
    console.log(stale ? `  FAIL  npm start would rebuild: ${stale} (run \`npm run build\`, then this again)` : '  PASS  npm start does not rebuild: dist/ is current (scripts/build-if-stale.ts)');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
