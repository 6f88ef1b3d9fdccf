import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { parentContext } from '../actor-request.ts';

/** The invoked actor sees the context of the transition that started it (machines/actor-request.ts). */
describe('parentContext', () => {
  const machine = setup({
    types: { context: {} as { query: string; seen: string[] }, events: {} as { type: 'search'; q: string } },
    actors: { lookUp: fromPromise<string>(async ({ self }) => parentContext<{ query: string }>(self).query) },
    actions: { setQuery: assign(({ event }) => ({ query: event.q })), record: assign(({ context, event }) => ({ seen: [...context.seen, (event as unknown as { output: string }).output] })) },
  }).createMachine({
    context: { query: 'initial', seen: [] },
    initial: 'loading',
    states: {
      idle: { on: { search: { target: 'loading', actions: 'setQuery' } } },
      loading: { invoke: { id: 'lookUp', src: 'lookUp', onDone: { target: 'idle', actions: 'record' }, onError: 'idle' } },
    },
  });

  it('reads the context assigned by the transition that entered the invoking state, including the initial one', async () => {
    const actor = createActor(machine).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'search', q: 'Seattle' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.seen).toEqual(['initial', 'Seattle']);
    actor.stop();
  });

  it('refuses an actor without a parent', () => {
    const orphan = createActor(fromPromise(async () => 1));
    expect(() => parentContext(orphan)).toThrow(/invoked by a machine/);
  });
});

/** docs/machines.md: one way to start a request. Dozens of machines will follow; this keeps them on it. */
describe('every machine starts its actors with invoke', async () => {
  const { loadMachines } = await import('../../scripts/statecharts.ts');
  const machines = await loadMachines();
  it('finds the machines', () => expect(machines.length).toBeGreaterThan(0));
  for (const { name, machine } of machines) {
    it(`${name}: no spawnChild/stopChild actions, no done/error actor events handled by hand`, () => {
      const actions = Object.entries((machine.implementations.actions ?? {}) as Record<string, { type?: unknown }>)
        .filter(([, a]) => a?.type === 'xstate.spawnChild' || a?.type === 'xstate.stopChild')
        .map(([key]) => key);
      const byHand: string[] = [];
      const walk = (node: { key: string; config: { on?: Record<string, unknown> }; states: Record<string, unknown> }) => {
        for (const type of Object.keys(node.config.on ?? {})) if (/^xstate\.(done|error)\.actor\./.test(type)) byHand.push(`${node.key}: ${type}`);
        for (const child of Object.values(node.states)) walk(child as never);
      };
      walk(machine.root as never);
      expect(actions).toEqual([]);
      expect(byHand).toEqual([]);
    });
  }
});
