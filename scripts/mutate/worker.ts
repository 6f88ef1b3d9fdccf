/**
 * One machine's mutants, in a worker thread (scripts/mutate.ts starts it with a memory limit and ends it when a
 * mutant runs past its time limit: an `always` sent back to its own state loops inside XState and cannot be
 * interrupted from within). Posts the mutant list once, then `start`/`result` per mutant from `workerData.from`.
 */
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { AnyStateMachine } from 'xstate';
import { checkFlow, type Flow } from '../../machines/__tests__/flow.ts';
import { compareTable } from '../../machines/__tests__/expect-table.ts';
import { modelLimits, ModelLimitExceeded } from '../../machines/__tests__/model.ts';
import { mutantsOf, mutate } from './mutants.ts';
import { implementationMutantsOf, probeUsage } from './implementation.ts';
import { loadFile } from './load.ts';

export type Outcome = 'killed' | 'limit' | 'table' | 'survived';
export type WorkerMessage =
  | { type: 'error'; error: string }
  | { type: 'list'; mutants: Array<{ kind: 'config' | 'implementation'; operator: string; where: string }>; baselineMs: number; explored: number }
  | { type: 'start'; i: number }
  | { type: 'result'; i: number; outcome: Outcome; reason?: string; cpuMs: number }
  | { type: 'done'; cpuMs: number };

/** CPU time of this thread so far (user + system, Linux /proc/thread-self; 0 elsewhere) */
function threadCpuMs(): number {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

const { id, file, from } = workerData as { id: string; file: string; from: number };
const post = (m: WorkerMessage) => parentPort!.postMessage(m);
console.error = () => {}; // the machines' notProvided/console noise of killed mutants is not the report
console.warn = () => {};
// XState reports an error event no transition handles (a mutant without its onError) by throwing it from a timer,
// after the mutant's check has ended: it is not the next mutant's failure, and it must not end this worker
process.on('uncaughtException', () => {});

const entry = (await loadFile(file)).find((e) => e.machine.id === id);
const { machine, flow } = entry!;
if (!flow) {
  post({ type: 'error', error: `no flow in machines/__tests__/${entry!.file.replace('.machine.ts', '.expect.ts')}` });
} else {
  const started = performance.now();
  let usage: ReturnType<typeof probeUsage> | undefined;
  try {
    const diff = compareTable(flow.table, machine);
    if (diff.length) throw new Error(`expectation table:\n${diff.join('\n')}`);
    modelLimits.explored = 0;
    // the unmutated machine must pass (or every kill would be meaningless); the same run records which input
    // fields and catalogue texts the flow uses
    usage = probeUsage(machine, (m) => void checkFlow(flow as Flow, m as never, { table: false }));
  } catch (e) {
    post({ type: 'error', error: `the machine fails its own tests: ${(e as Error).message.split('\n').slice(0, 4).join(' / ')}` });
  }
  if (usage) {
    const baselineMs = performance.now() - started;
    const explored = modelLimits.explored;
    const config = mutantsOf(machine.config as Record<string, unknown>).map((m) => ({ kind: 'config' as const, m }));
    const impl = implementationMutantsOf(machine, usage).map((m) => ({ kind: 'implementation' as const, m }));
    const all = [...config, ...impl];
    post({ type: 'list', mutants: all.map(({ kind, m }) => ({ kind, operator: m.operator, where: m.where })), baselineMs, explored });
    // a mutant may explore at most 20 times the states the real machine's models do (and 5,000 at least)
    const maxStates = Math.max(5000, explored * 20);
    for (let i = from; i < all.length; i++) {
      post({ type: 'start', i });
      const { kind, m } = all[i]!;
      let mutant: AnyStateMachine | undefined;
      let outcome: Outcome = 'survived';
      let reason: string | undefined;
      try {
        mutant = kind === 'config' ? mutate(machine, m as never) : (m as { build: (x: AnyStateMachine) => AnyStateMachine }).build(machine);
      } catch (e) {
        outcome = 'killed'; // an invalid config: XState itself refuses it
        reason = (e as Error).message;
      }
      if (mutant) {
        const run = () => checkFlow(flow as Flow, mutant as never, { table: false });
        const around = kind === 'implementation' ? (m as { around?: <T>(fn: () => T) => T }).around : undefined;
        modelLimits.explored = 0;
        modelLimits.maxStates = maxStates;
        modelLimits.deadline = performance.now() + Math.max(5000, 4 * baselineMs);
        try {
          if (around) around(run);
          else run();
          // the paths did not notice: would the table?
          if (compareTable(flow.table, mutant).length) outcome = 'table';
        } catch (e) {
          const limit = e instanceof ModelLimitExceeded || (e as Error).cause instanceof ModelLimitExceeded;
          outcome = limit ? 'limit' : 'killed';
          reason = (e as Error).message.split('\n')[0]!.slice(0, 200);
        } finally {
          modelLimits.maxStates = Infinity;
          modelLimits.deadline = Infinity;
        }
      }
      post({ type: 'result', i, outcome, ...(reason ? { reason } : {}), cpuMs: threadCpuMs() });
    }
  }
}
post({ type: 'done', cpuMs: threadCpuMs() });
