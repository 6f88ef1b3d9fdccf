/**
 * `npm run test:mutate` (docs/testing.md): mutation testing of every machine against its machine tests. For each
 * machines/<flow>.machine.ts, a worker thread loads machines/__tests__/<flow>.expect.ts (the expectation table,
 * the `sees` table and the model-based paths with their assertions), makes every mutant of the machine's config
 * (scripts/mutate/mutants.ts) and of its implementations (scripts/mutate/implementation.ts: guards, assigns,
 * delays, input mappers, catalogue texts), and runs the flow's paths and assertions on each (`checkFlow` without
 * the table); a check that throws kills the mutant. A mutant the paths let through is then compared with the
 * expectation table, so one run gives both scores: without the table (what the paths and their assertions
 * kill) and with it.
 *
 * Limits: a mutant may make a model's state space endless, or loop inside XState (an `always` sent back to its
 * own state). Each mutant's models may explore 20 times the states the real machine's do and run for 4 times its
 * time (both at least 5,000 states / 5 s); past that it counts as killed by a limit. A worker that does not answer
 * in 6 times the machine's time (20 s at least, 60 s at most) or passes 1.5 GB is ended and the mutant counted as
 * killed by time-out or memory. All three are reported apart from the kills.
 *
 *   npm run test:mutate                      every machine; fails when one is below 90% without the table
 *   npm run test:mutate -- signIn locator    only these machines (by machine id)
 *   npm run test:mutate -- --verbose         print why each mutant died
 */
import { Worker } from 'node:worker_threads';
import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFlows } from './mutate/load.ts';
import type { Outcome, WorkerMessage } from './mutate/worker.ts';

export { loadFlows };
export const THRESHOLD = 0.9;
const MEMORY_MB = 1536;

type Kind = 'config' | 'implementation';
export interface MutantResult {
  kind: Kind;
  operator: string;
  where: string;
  outcome: Outcome | 'timeout' | 'memory';
  reason?: string;
}

export interface MachineScore {
  id: string;
  file: string;
  results: MutantResult[];
  error?: string;
  /** wall time of this machine's run */
  ms: number;
  /** CPU time of its worker threads (the machine time: what it costs on an idle core) */
  cpuMs: number;
}

/** One machine's mutants in worker threads: a worker ended by a time-out or the memory limit is replaced. */
export function scoreMachine(id: string, file: string, opts: { verbose?: boolean } = {}): Promise<MachineScore> {
  const started = performance.now();
  const score: MachineScore = { id, file, results: [], ms: 0, cpuMs: 0 };
  let list: Array<{ kind: Kind; operator: string; where: string }> | undefined;
  let limitMs = 15_000;
  return new Promise((resolve) => {
    const finish = () => {
      score.ms = Math.round(performance.now() - started);
      resolve(score);
    };
    const start = (from: number) => {
      const worker = new Worker(new URL('./mutate/worker.mjs', import.meta.url), { workerData: { id, file, from }, resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
      let current = -1;
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      let cpu = 0;
      const addCpu = (ms: number) => {
        score.cpuMs += ms - cpu;
        cpu = ms;
      };
      const replace = (outcome: 'timeout' | 'memory', reason: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (current < 0 || !list) {
          score.error = `worker failed before its first mutant: ${reason}`;
          void worker.terminate();
          return finish();
        }
        score.results[current] = { ...list[current]!, outcome, reason };
        void worker.terminate().then(() => (current + 1 < list!.length ? start(current + 1) : finish()));
      };
      worker.on('message', (m: WorkerMessage) => {
        if (m.type === 'error') score.error = m.error;
        else if (m.type === 'list') {
          list ??= m.mutants;
          limitMs = Math.max(20_000, Math.min(60_000, 6 * m.baselineMs));
        } else if (m.type === 'start') {
          current = m.i;
          clearTimeout(timer);
          timer = setTimeout(() => replace('timeout', `no answer in ${Math.round(limitMs / 1000)} s`), limitMs);
        } else if (m.type === 'result') {
          clearTimeout(timer);
          addCpu(m.cpuMs);
          score.results[m.i] = { ...list![m.i]!, outcome: m.outcome, ...(m.reason ? { reason: m.reason } : {}) };
          if (opts.verbose && m.outcome !== 'survived') console.log(`  ${m.outcome} ${list![m.i]!.operator} ${list![m.i]!.where}: ${m.reason ?? ''}`);
        } else if (m.type === 'done') {
          addCpu(m.cpuMs);
          settled = true;
          void worker.terminate().then(finish);
        }
      });
      worker.on('error', (e) => replace((e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'timeout', e.message));
      worker.on('exit', () => {
        if (!settled) replace('memory', 'worker exited');
      });
    };
    start(0);
  });
}

const killedWithout = (r: MutantResult) => r.outcome === 'killed' || r.outcome === 'limit' || r.outcome === 'timeout' || r.outcome === 'memory';
const killedWith = (r: MutantResult) => killedWithout(r) || r.outcome === 'table';

export function summary(s: MachineScore) {
  const part = (kind?: Kind) => {
    const rs = s.results.filter((r) => r && (!kind || r.kind === kind));
    return { n: rs.length, without: rs.filter(killedWithout).length, with: rs.filter(killedWith).length, limits: rs.filter((r) => r.outcome === 'limit' || r.outcome === 'timeout' || r.outcome === 'memory').length };
  };
  return { config: part('config'), implementation: part('implementation'), all: part() };
}

const pctOf = (k: number, n: number) => (n ? (100 * k) / n : 100);
const fmt = (k: number, n: number) => `${k}/${n} ${pctOf(k, n).toFixed(1)}%`;

/** the heavier machines first (their expectation files are the largest), so that two workers end together */
function heaviestFirst<T extends { file: string }>(list: T[]): T[] {
  const size = (f: string) => {
    try {
      return statSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'machines', '__tests__', f.replace('.machine.ts', '.expect.ts'))).size;
    } catch {
      return 0;
    }
  };
  return [...list].sort((a, b) => size(b.file) - size(a.file));
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith('--') && !/^\d+$/.test(a));
  const verbose = args.includes('--verbose');
  const at = args.indexOf('--workers');
  // two machines at a time by default (CI has 2 cores); each machine's mutants run one after the other in its worker
  const parallel = Math.max(1, Number(at >= 0 ? args[at + 1] : process.env.MUTATE_WORKERS ?? 2) || 2);
  const runStarted = performance.now();
  const cpuStarted = process.cpuUsage();
  const loadStarted = loadavg();
  const flows = await loadFlows(only);
  const scores: MachineScore[] = [];
  const queue = heaviestFirst(flows);
  const print = (s: MachineScore) => {
    const { config: c, implementation: i, all: a } = summary(s);
    console.log(
      `${s.id.padEnd(26)} config ${fmt(c.without, c.n).padStart(15)} (table ${pctOf(c.with, c.n).toFixed(1)}%)  implementation ${fmt(i.without, i.n).padStart(15)} (table ${pctOf(i.with, i.n).toFixed(1)}%)  all ${pctOf(a.without, a.n).toFixed(1)}%  limits ${a.limits}  (${(s.cpuMs / 1000).toFixed(1)} s CPU, ${(s.ms / 1000).toFixed(1)} s wall)` +
        (s.error ? `\n  ERROR ${s.error}` : '') +
        s.results
          .filter((r) => r && !killedWithout(r))
          .map((r) => `\n  survived${r.outcome === 'table' ? ' (table kills)' : ''} ${r.kind === 'config' ? '' : 'impl '}${r.operator}: ${r.where}`)
          .join(''),
    );
  };
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const s = await scoreMachine(next.machine.id, next.file, { verbose });
        scores.push(s);
        print(s);
      }
    }),
  );
  scores.sort((a, b) => flows.findIndex((f) => f.machine.id === a.id) - flows.findIndex((f) => f.machine.id === b.id));
  const total = scores.map(summary).reduce(
    (t, x) => {
      for (const k of ['config', 'implementation', 'all'] as const) for (const f of ['n', 'without', 'with', 'limits'] as const) t[k][f] += x[k][f];
      return t;
    },
    { config: { n: 0, without: 0, with: 0, limits: 0 }, implementation: { n: 0, without: 0, with: 0, limits: 0 }, all: { n: 0, without: 0, with: 0, limits: 0 } },
  );
  const seconds = Math.round((performance.now() - runStarted) / 1000);
  console.log('\n| Machine | Config, no table | Config, with table | Implementation, no table | Implementation, with table | All, no table | Killed by a limit | Machine time (s CPU) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const s of scores) {
    const { config: c, implementation: i, all: a } = summary(s);
    console.log(`| ${s.id}${s.error ? ' (error)' : ''} | ${fmt(c.without, c.n)} | ${fmt(c.with, c.n)} | ${fmt(i.without, i.n)} | ${fmt(i.with, i.n)} | ${fmt(a.without, a.n)} | ${a.limits} | ${(s.cpuMs / 1000).toFixed(1)} |`);
  }
  const { config: c, implementation: i, all: a } = total;
  const machineCpu = scores.reduce((t, s) => t + s.cpuMs, 0) / 1000;
  console.log(`| **all machines** | ${fmt(c.without, c.n)} | ${fmt(c.with, c.n)} | ${fmt(i.without, i.n)} | ${fmt(i.with, i.n)} | ${fmt(a.without, a.n)} | ${a.limits} | ${machineCpu.toFixed(1)} |`);
  const cpu = process.cpuUsage(cpuStarted);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `\n${scores.length} machines in ${Math.floor(seconds / 60)} min ${seconds % 60} s wall (${parallel} at a time); machine time ${machineCpu.toFixed(0)} s CPU in the workers, ` +
      `${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU for the whole process; load average at the start ${load(loadStarted)}, at the end ${load(loadavg())}`,
  );
  const below = scores.filter((s) => s.error || pctOf(summary(s).all.without, summary(s).all.n) < THRESHOLD * 100);
  if (below.length) {
    console.log(`below ${THRESHOLD * 100}% of all mutants without the table: ${below.map((s) => s.id).join(', ')}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
  process.exit(process.exitCode ?? 0);
}
