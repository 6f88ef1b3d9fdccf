import { describe, expect, it } from 'vitest';
import { partnerNumberMachine } from '../partner-number.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { stuck } from './account-fakes.ts';
import { partnerNumberEvents } from './account-events.ts';

describe('partner number machine (model-based)', () => {
  const { paths, coverage } = exercise(
    partnerNumberMachine.provide({ actors: { loadPartnerNumber: stuck(), savePartnerNumber: stuck() } }),
    { events: partnerNumberEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, n: s.context.partnerNumber, s: s.context.saving, e: s.context.fieldErrors, x: !!s.context.error }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string };
      if (last.type === 'xstate.error.actor.savePartnerNumber') expect(final.context.error).toBe('Something went wrong. Please try again.');
    },
  );
  printCoverage('partnerNumber', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
