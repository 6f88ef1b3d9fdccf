/**
 * `npm run test:mutate` (docs/testing.md): mutation testing of every machine's config against its machine tests,
 * in this one process. For each machines/<flow>.machine.ts it loads machines/__tests__/<flow>.expect.ts (the
 * expectation table, the `sees` table and the model-based paths with their assertions), makes every mutant of the
 * machine's config (scripts/mutate/mutants.ts), re-creates the machine from it and runs the flow's checks
 * (`checkFlow`); a check that throws kills the mutant. Prints per machine: mutants, killed, survivors, score.
 *
 *   npm run test:mutate                      every machine; fails below 90% for any machine
 *   npm run test:mutate -- signIn locator    only these machines (by machine id)
 *   npm run test:mutate -- --no-table        what the paths and per-state assertions alone kill (no table)
 *   npm run test:mutate -- --verbose         print why each mutant died
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import { checkFlow, type Flow } from '../machines/__tests__/flow.ts';
import { mutantsOf, mutate, type Mutant } from './mutate/mutants.ts';

export const THRESHOLD = 0.9;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const isMachine = (x: unknown): x is AnyStateMachine => typeof x === 'object' && x !== null && 'root' in x && 'config' in x && 'implementations' in x;
const isFlow = (x: unknown): x is Flow => typeof x === 'object' && x !== null && 'table' in x && 'arrange' in x && 'machine' in x;

export interface MachineScore {
  id: string;
  file: string;
  mutants: number;
  killed: number;
  survivors: Mutant[];
  error?: string;
  ms: number;
}

/** Loads every machine and its flow; a machine without a flow is reported (score 0). */
export async function loadFlows(only: string[] = []) {
  const out: Array<{ file: string; machine: AnyStateMachine; flow?: Flow }> = [];
  for (const file of readdirSync(join(root, 'machines')).filter((f) => f.endsWith('.machine.ts')).sort()) {
    const mod = (await import(pathToFileURL(join(root, 'machines', file)).href)) as Record<string, unknown>;
    const machines = Object.values(mod).filter(isMachine);
    let flows: Flow[] = [];
    try {
      const expectMod = (await import(pathToFileURL(join(root, 'machines', '__tests__', file.replace('.machine.ts', '.expect.ts'))).href)) as Record<string, unknown>;
      flows = Object.values(expectMod).filter(isFlow);
    } catch (e) {
      if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw e;
    }
    for (const machine of machines) {
      if (only.length && !only.includes(machine.id)) continue;
      const flow = flows.find((f) => f.machine === machine);
      out.push({ file, machine, ...(flow ? { flow } : {}) });
    }
  }
  return out;
}

export function scoreMachine(file: string, machine: AnyStateMachine, flow: Flow | undefined, opts: { table?: boolean; verbose?: boolean } = {}): MachineScore {
  const started = performance.now();
  const mutants = mutantsOf(machine.config as Record<string, unknown>);
  const score: MachineScore = { id: machine.id, file, mutants: mutants.length, killed: 0, survivors: [], ms: 0 };
  if (!flow) {
    score.error = `no flow in machines/__tests__/${file.replace('.machine.ts', '.expect.ts')}`;
    score.survivors = mutants;
    return score;
  }
  try {
    checkFlow(flow, machine, opts); // the unmutated machine must pass, or every kill would be meaningless
  } catch (e) {
    score.error = `the machine fails its own tests: ${(e as Error).message.split('\n').slice(0, 4).join(' / ')}`;
    score.survivors = mutants;
    return score;
  }
  for (const m of mutants) {
    let mutant: AnyStateMachine;
    try {
      mutant = mutate(machine, m);
    } catch {
      score.killed++; // an invalid config: XState itself refuses it
      continue;
    }
    try {
      checkFlow(flow, mutant as never, opts);
      score.survivors.push(m);
    } catch (e) {
      score.killed++;
      if (opts.verbose) console.log(`  killed ${m.operator} ${m.where}: ${(e as Error).message.split('\n')[0]!.slice(0, 160)}`);
    }
  }
  score.ms = Math.round(performance.now() - started);
  return score;
}

export const pct = (s: MachineScore) => (s.mutants ? s.killed / s.mutants : 1);

async function main() {
  const args = process.argv.slice(2);
  const only = args.filter((a) => !a.startsWith('--'));
  const opts = { table: !args.includes('--no-table'), verbose: args.includes('--verbose') };
  // the machines' notProvided/console noise of killed mutants is not the report
  const quiet = console.error;
  console.error = () => {};
  const scores: MachineScore[] = [];
  for (const { file, machine, flow } of await loadFlows(only)) {
    const s = scoreMachine(file, machine, flow, opts);
    scores.push(s);
    console.log(
      `${s.id.padEnd(28)} mutants ${String(s.mutants).padStart(4)}  killed ${String(s.killed).padStart(4)}  survived ${String(s.survivors.length).padStart(3)}  score ${(pct(s) * 100).toFixed(1).padStart(5)}%  (${s.ms} ms)` +
        (s.error ? `\n  ERROR ${s.error}` : '') +
        s.survivors.map((m) => `\n  survived ${m.operator}: ${m.where}`).join(''),
    );
  }
  console.error = quiet;
  const total = scores.reduce((a, s) => ({ m: a.m + s.mutants, k: a.k + s.killed }), { m: 0, k: 0 });
  console.log(`\nall machines: ${total.k}/${total.m} killed (${((100 * total.k) / Math.max(1, total.m)).toFixed(1)}%)${opts.table ? '' : ' without the expectation tables'}`);
  const below = scores.filter((s) => s.error || pct(s) < THRESHOLD);
  if (below.length) {
    console.log(`below ${THRESHOLD * 100}%: ${below.map((s) => s.id).join(', ')}`);
    if (opts.table) process.exitCode = 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
  // a mutant may leave timers behind (a delayed transition of an actor a failing check did not reach): the report is done
  process.exit(process.exitCode ?? 0);
}
