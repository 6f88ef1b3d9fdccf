import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { Flow } from '../../machines/__tests__/flow.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const isMachine = (x: unknown): x is AnyStateMachine => typeof x === 'object' && x !== null && 'root' in x && 'config' in x && 'implementations' in x;
const isFlow = (x: unknown): x is Flow => typeof x === 'object' && x !== null && 'table' in x && 'arrange' in x && 'machine' in x;

/** Loads one machine file and its flows (for a worker: nothing else is imported). */
export async function loadFile(file: string) {
  const mod = (await import(pathToFileURL(join(root, 'machines', file)).href)) as Record<string, unknown>;
  let flows: Flow[] = [];
  try {
    const expectMod = (await import(pathToFileURL(join(root, 'machines', '__tests__', file.replace('.machine.ts', '.expect.ts'))).href)) as Record<string, unknown>;
    flows = Object.values(expectMod).filter(isFlow);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw e;
  }
  return Object.values(mod)
    .filter(isMachine)
    .map((machine) => ({ file, machine, flow: flows.find((f) => f.machine === machine) }));
}

/** Loads every machine (machines/*.machine.ts) and its flow (machines/__tests__/<flow>.expect.ts), if any. */
export async function loadFlows(only: string[] = []) {
  const out: Array<{ file: string; machine: AnyStateMachine; flow?: Flow }> = [];
  for (const file of readdirSync(join(root, 'machines')).filter((f) => f.endsWith('.machine.ts')).sort()) {
    const mod = (await import(pathToFileURL(join(root, 'machines', file)).href)) as Record<string, unknown>;
    const machines = Object.values(mod).filter(isMachine);
    if (only.length && !machines.some((m) => only.includes(m.id))) continue;
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
