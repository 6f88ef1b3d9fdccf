import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { invokesOf, loadMachines } from '../../scripts/statecharts.ts';

/**
 * docs/machines.md: one way to start a request. Every actor is an `invoke` with an id and an onError; what it
 * needs is its `input`, built by a named input mapper the machine file exports (or no input at all). Dozens of
 * machines will follow; this keeps them on it.
 */
describe('every machine starts its actors with invoke', async () => {
  const machines = await loadMachines();
  it('finds the machines', () => expect(machines.length).toBeGreaterThan(0));
  for (const { name, machine, exports } of machines) {
    it(`${name}: every invoke has an id, an onError, and a named exported input mapper or no input`, () => {
      const problems: string[] = [];
      for (const inv of invokesOf(machine)) {
        if (!inv.id) problems.push(`${inv.state}: invoke without id`);
        if (!inv.onError) problems.push(`${inv.state}: invoke ${inv.id} without onError`);
        if (inv.input === undefined) continue;
        if (typeof inv.input !== 'function') problems.push(`${inv.state}: invoke ${inv.id} has a static input (write a named mapper)`);
        else if (!inv.input.name || exports[inv.input.name] !== inv.input) problems.push(`${inv.state}: input of ${inv.id} is not a named function exported by the machine file`);
      }
      expect(problems).toEqual([]);
    });

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

/** What the convention relies on, checked against the installed XState (public API only). */
describe('invoke.input (XState public API)', () => {
  const seen: string[] = [];
  function lookUpRequest({ context }: { context: { query: string } }) {
    return { q: context.query };
  }
  const machine = setup({
    types: { context: {} as { query: string }, events: {} as { type: 'search'; q: string } },
    actors: { lookUp: fromPromise<string, { q: string }>(async ({ input }) => (seen.push(input.q), input.q)) },
    actions: { setQuery: assign(({ event }) => ({ query: event.q })) },
  }).createMachine({
    context: { query: 'initial' },
    initial: 'loading',
    states: {
      idle: { on: { search: { target: 'loading', actions: 'setQuery' } } },
      loading: { invoke: { id: 'lookUp', src: 'lookUp', input: lookUpRequest, onDone: 'idle', onError: 'idle' } },
    },
  });

  it('maps the context assigned by the transition that entered the invoking state, including the initial one', async () => {
    const actor = createActor(machine).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'search', q: 'Seattle' });
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual(['initial', 'Seattle']);
    actor.stop();
  });
});
