import { describe, expect, it } from 'vitest';
import { createMachine, setup } from 'xstate';
import { extractorMismatches } from './statecharts.ts';
import { compareWithExtractor, formatComparison } from './stately-extract.ts';

/**
 * The check behind `npm run statecharts -- --check`: Stately's extractor must read every machine file as the
 * machine runs (docs/machines.md, "What Stately's extractor reads"). Each fixture is a machine file's source and
 * the config the same code gives at run time.
 */
const inlineSource = `
import { setup } from 'xstate';
export const fixtureMachine = setup({}).createMachine({
  id: 'fixture',
  initial: 'a',
  states: {
    a: {
      on: {
        go: { target: 'b', actions: { type: 'notify', params: { message: 'saved' } } },
        stay: { guard: 'canStay', actions: 'note' },
      },
    },
    b: { after: { typing: 'a' }, invoke: { id: 'load', src: 'load', onDone: 'a', onError: 'a' } },
  },
});
`;
const runtimeConfig = {
  id: 'fixture',
  initial: 'a',
  states: {
    a: {
      on: {
        go: { target: 'b', actions: { type: 'notify', params: { message: 'saved' } } },
        stay: { guard: 'canStay', actions: 'note' },
      },
    },
    b: { after: { typing: 'a' }, invoke: { id: 'load', src: 'load', onDone: 'a', onError: 'a' } },
  },
};

describe("Stately's extractor against the runtime config", () => {
  it('agrees on a machine written inline', () => {
    expect(formatComparison('fixture', compareWithExtractor(inlineSource, runtimeConfig))).toBe('');
  });

  it('refuses `on:` written as a module constant `as const` (the extractor loses its event keys)', () => {
    const source = inlineSource
      .replace("const fixtureMachine", "const CHANGES = { go: { target: 'b', actions: { type: 'notify', params: { message: 'saved' } } }, stay: { guard: 'canStay', actions: 'note' } } as const;\nexport const fixtureMachine")
      .replace(/on: \{\n[\s\S]*?\n {6}\},/, 'on: CHANGES,');
    expect(source).toContain('on: CHANGES,');
    const c = compareWithExtractor(source, runtimeConfig);
    expect(c.missing).toEqual(["a: on go [0] -> b do notify({\"message\":\"saved\"})", 'a: on stay [0] -> (stays) if canStay do note']);
    expect(formatComparison('fixture.machine.ts', c)).toContain('runtime only:   a: on go [0] -> b');
  });

  it('refuses action params that name a constant (`params: SAVED`)', () => {
    const source = inlineSource.replace("params: { message: 'saved' }", 'params: SAVED').replace('export const', "const SAVED = { message: 'saved' };\nexport const");
    const c = compareWithExtractor(source, runtimeConfig);
    expect(c.missing).toEqual(['a: on go [0] -> b do notify({"message":"saved"})']);
    expect(c.extra).toEqual(['a: on go [0] -> b do notify']);
    expect(c.warnings.join('\n')).toContain('params: SAVED');
  });

  it('sees a different target, guard, delay or invoke id', () => {
    for (const [from, to] of [
      ["target: 'b'", "target: 'a'"],
      ["guard: 'canStay'", "guard: 'canGo'"],
      ['typing:', 'pause:'],
      ["id: 'load'", "id: 'fetch'"],
    ] as const) {
      const c = compareWithExtractor(inlineSource.replace(from, to), runtimeConfig);
      expect(c.missing.length + c.extra.length, `${from} -> ${to}`).toBeGreaterThan(0);
    }
  });

  it('compares with what createMachine keeps as config', () => {
    const machine = setup({}).createMachine(runtimeConfig as never);
    expect(formatComparison('fixture', compareWithExtractor(inlineSource, machine.config as never))).toBe('');
    expect(createMachine({ id: 'other' }).config.id).toBe('other');
  });

  it('reads every machine file in machines/ as it runs', async () => {
    expect((await extractorMismatches()).join('\n\n')).toBe('');
  });
});
