import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateStatecharts, loadMachines } from './statecharts.ts';

describe('statecharts.md', () => {
  it('is up to date with the machines (run `npm run statecharts`)', async () => {
    const current = await readFile('statecharts.md', 'utf8');
    expect(current === (await generateStatecharts()), 'statecharts.md is stale: run `npm run statecharts`').toBe(true);
  });
});

/** The Stately editor reads a machine's config statically: no functions anywhere in it. */
function findFunctions(value: unknown, path: string, out: string[], seen = new Set<unknown>()) {
  if (typeof value === 'function') out.push(path);
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  for (const [k, v] of Object.entries(value)) findFunctions(v, `${path}.${k}`, out, seen);
}

describe('every machine imports into Stately', async () => {
  const machines = await loadMachines();
  it('finds the machines', () => expect(machines.length).toBeGreaterThan(0));
  for (const { name, machine } of machines) {
    it(`${name}: config has no inline functions and round-trips through JSON`, () => {
      const fns: string[] = [];
      findFunctions(machine.config, name, fns);
      expect(fns).toEqual([]);
      expect(JSON.parse(JSON.stringify(machine.config))).toEqual(machine.config);
      expect(machine.config.id, 'root id').toBeTruthy();
      expect((machine.config as { meta?: { title?: string } }).meta?.title, 'meta.title').toBeTruthy();
    });
    it(`${name}: every invoke has an id and an onError`, () => {
      const missing: string[] = [];
      const walk = (node: { key: string; invoke: Array<{ id: string }>; config: { invoke?: unknown }; states: Record<string, unknown> }) => {
        for (const inv of [node.config.invoke ?? []].flat() as Array<{ id?: string; onError?: unknown }>) {
          if (!inv.id) missing.push(`${node.key}: invoke without id`);
          if (!inv.onError) missing.push(`${node.key}: invoke ${inv.id} without onError`);
        }
        for (const c of Object.values(node.states)) walk(c as never);
      };
      walk(machine.root as never);
      expect(missing).toEqual([]);
    });
  }
});
