import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createMachine, type AnyStateMachine } from 'xstate';
import { configJson, generateStatecharts, invokesOf, loadMachines, reviveConfig } from './statecharts.ts';

describe('statecharts.md', () => {
  it('is up to date with the machines (run `npm run statecharts`)', async () => {
    const current = await readFile('statecharts.md', 'utf8');
    expect(current === (await generateStatecharts()), 'statecharts.md is stale: run `npm run statecharts`').toBe(true);
  });

  it('shows each invoke with its named input mapper', async () => {
    const text = await generateStatecharts();
    expect(text).toContain('| `submitting` | signIn | signIn | `input: signInRequest` |');
    expect(text).toContain('| `ready.receiveHarborEmailCommunications.saving` | save.receiveHarborEmailCommunications | savePreference | `input: saveHarborEmailRequest` |');
  });
});

/**
 * The Stately editor reads a machine's config statically: no functions anywhere in it, except an invoke's
 * `input`, which must be a named function exported by the machine file (docs/machines.md).
 */
function findFunctions(value: unknown, path: string, out: string[], seen = new Set<unknown>()) {
  if (typeof value === 'function') out.push(path);
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  for (const [k, v] of Object.entries(value)) findFunctions(v, `${path}.${k}`, out, seen);
}

// an invoke's input mapper, or a child machine's root `output` mapper (gift-purchase: its parent reads the output)
const isInvokeInput = (path: string) => /\.invoke(\.\d+)?\.input$/.test(path) || /^[^.]+\.output$/.test(path);

describe('every machine imports into Stately', async () => {
  const machines = await loadMachines();
  it('finds the machines', () => expect(machines.length).toBeGreaterThan(0));
  for (const { name, machine, exports } of machines) {
    it(`${name}: config has no functions but named, exported invoke input mappers, and round-trips through JSON`, () => {
      const fns: string[] = [];
      findFunctions(machine.config, name, fns);
      expect(fns.filter((p) => !isInvokeInput(p)), 'functions outside invoke.input').toEqual([]);
      const output = (machine.config as { output?: unknown }).output;
      if (typeof output === 'function') expect(exports[output.name], `output mapper ${output.name} is exported by the machine file`).toBe(output);
      for (const { state, input } of invokesOf(machine)) {
        if (typeof input !== 'function') continue;
        expect(input.name, `${state}: input mapper name`).toMatch(/^[a-z]\w*$/);
        expect(exports[input.name], `${state}: ${input.name} is exported by the machine file`).toBe(input);
      }
      // JSON with every input mapper written as its name, and back: the same config
      const json = configJson(machine.config);
      expect(JSON.parse(json)).toEqual(JSON.parse(configJson(reviveConfig(json, exports))));
      expect(reviveConfig(json, exports)).toEqual(machine.config);
      expect(machine.config.id, 'root id').toBeTruthy();
      expect((machine.config as { meta?: { title?: string } }).meta?.title, 'meta.title').toBeTruthy();
    });
  }
});

/**
 * A Stately-style import: the config as plain JSON (functions replaced by their names), names resolved against
 * the machine file's exports, the implementations attached again: the rebuilt machine is the same machine
 * (same config, same statechart, and its invokes build the same requests).
 */
describe('a machine rebuilt from its JSON config (Stately-style import) is the same machine', async () => {
  const machines = await loadMachines();
  const withInputs = machines.filter(({ machine }) => invokesOf(machine).some((i) => typeof i.input === 'function'));
  it('finds machines whose invokes have input mappers', () => expect(withInputs.length).toBeGreaterThan(10));
  for (const { name, machine, exports } of withInputs) {
    it(name, () => {
      const rebuilt = createMachine(reviveConfig(configJson(machine.config), exports) as never, machine.implementations as never) as AnyStateMachine;
      expect(configJson(rebuilt.config)).toBe(configJson(machine.config));
      expect(invokesOf(rebuilt).map((i) => i.input)).toEqual(invokesOf(machine).map((i) => i.input));
      expect(JSON.stringify(rebuilt.root.definition)).toBe(JSON.stringify(machine.root.definition));
    });
  }
});
