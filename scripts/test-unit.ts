/**
 * `npm run test:unit`: `vitest run`, with a watchdog for one known failure mode.
 *
 * PGlite runs PostgreSQL as WebAssembly on the test worker's main thread. Rarely, a query in a PGlite test never
 * returns (the worker spins at 100% CPU inside PostgreSQL's main loop; see electric-sql/pglite#1068 for a
 * similar report), and since the event loop is blocked, vitest's test timeout can never fire: the run would hang
 * until CI's limit. The watchdog notices when vitest has printed nothing for WATCHDOG_SILENT_MS (default 6 minutes;
 * the slowest test file takes about one), kills the test workers (vitest then reports their files as failed and
 * goes on), and afterwards runs the failed files once more. A failure that is not a hang is never retried, and a
 * file that fails again fails the run. docs/testing.md says more.
 *
 * The server project's workers also guard themselves (server/test/hang-guard.ts): a worker whose event loop has been
 * blocked for TEST_HANG_MS (90 s) prints HANG_MARKER with the PGlite statement it was in and is killed; that counts as
 * the watchdog firing (its file runs once more), 90 s after the stall instead of 6 minutes. The silence watchdog stays
 * for a query whose promise never settles (the event loop then runs, idle).
 */
import { spawn, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { HANG_MARKER } from '../server/test/hang-guard.ts';

const SILENT_MS = Number(process.env.WATCHDOG_SILENT_MS ?? 6 * 60_000);
const REPORT = '.vitest-report.json';
const extra = process.argv.slice(2);

function descendants(pid: number): number[] {
  let out: string;
  try {
    out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number);
    if (!children.has(pp!)) children.set(pp!, []);
    children.get(pp!)!.push(p!);
  }
  const all: number[] = [];
  const walk = (id: number) => (children.get(id) ?? []).forEach((c) => (all.push(c), walk(c)));
  walk(pid);
  return all;
}

async function runVitest(args: string[]): Promise<{ code: number; watchdogFired: boolean }> {
  rmSync(REPORT, { force: true });
  const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${REPORT}`, ...args], { stdio: ['inherit', 'pipe', 'pipe'] });
  let last = Date.now();
  let watchdogFired = false;
  // the server workers' own hang guard (server/test/hang-guard.ts) kills a worker blocked for TEST_HANG_MS (90 s) and
  // prints its marker: that file is run again as after the watchdog (the tail of a chunk is kept: a marker may be split)
  let tail = '';
  const seen = (d: Buffer) => {
    last = Date.now();
    tail = (tail + d.toString()).slice(-4096);
    if (tail.includes(HANG_MARKER)) {
      watchdogFired = true;
      tail = '';
    }
  };
  child.stdout!.on('data', (d: Buffer) => (seen(d), process.stdout.write(d)));
  child.stderr!.on('data', (d: Buffer) => (seen(d), process.stderr.write(d)));
  const timer = setInterval(() => {
    if (Date.now() - last < SILENT_MS) return;
    const workers = descendants(child.pid!);
    console.error(`\n[test:unit] watchdog: no output for ${Math.round(SILENT_MS / 1000)} s; killing ${workers.length} test worker(s) (a test that never returns); their files run again at the end\n`);
    watchdogFired = true;
    for (const w of workers) {
      try {
        process.kill(w, 'SIGKILL');
      } catch {
        /* gone already */
      }
    }
    last = Date.now();
  }, 10_000);
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(timer);
  return { code, watchdogFired };
}

/** The files of this run that did not pass: every file vitest lists for these arguments, less those the report passed. */
function failedFiles(args: string[]): string[] {
  const listFile = `${REPORT}.list`;
  execFileSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'list', '--filesOnly', `--json=${listFile}`, ...args], { stdio: 'ignore' });
  const listed = JSON.parse(readFileSync(listFile, 'utf8')) as Array<{ file: string }>;
  rmSync(listFile, { force: true });
  type FileResult = { name: string; status: string; assertionResults?: Array<{ status: string }> };
  const report = existsSync(REPORT) ? (JSON.parse(readFileSync(REPORT, 'utf8')) as { testResults?: FileResult[] }) : {};
  // a killed worker's file can still say "passed", with its running test left "pending" (a skipped test too: such a
  // file just runs once more)
  const done = (r: FileResult) => r.status === 'passed' && (r.assertionResults ?? []).every((a) => a.status === 'passed');
  const passed = new Set((report.testResults ?? []).filter(done).map((r) => r.name));
  return [...new Set(listed.map((l) => l.file))].filter((f) => !passed.has(f));
}

/**
 * CI_TIMINGS_DIR (set by .ci/run): vitest's JSON report of the run is kept there as unit-<project>.json (the first
 * run's, whose timings are the step's), for scripts/ci-timings.ts.
 */
function keepReport() {
  const dir = process.env.CI_TIMINGS_DIR;
  if (!dir || !existsSync(REPORT)) return;
  const at = extra.indexOf('--project');
  const project = (at >= 0 ? extra[at + 1] : extra.find((a) => a.startsWith('--project='))?.slice(10)) ?? 'all';
  mkdirSync(dir, { recursive: true });
  copyFileSync(REPORT, `${dir}/unit-${project}.json`);
}

const first = await runVitest(extra);
keepReport();
if (first.code === 0 || !first.watchdogFired) {
  rmSync(REPORT, { force: true });
  process.exit(first.code);
}
const again = failedFiles(extra);
console.error(`[test:unit] the watchdog fired: running the ${again.length} failed file(s) once more: ${again.join(', ')}`);
if (!again.length) process.exit(first.code);
const second = await runVitest(again);
rmSync(REPORT, { force: true });
process.exit(second.code);
