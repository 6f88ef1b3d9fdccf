import { describe, expect, it } from 'vitest';
import { partnerNumberMachine, savePartnerNumberRequest } from '../partner-number.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { partnerNumberEvents } from './account-events.ts';

describe('partner number machine (model-based)', () => {
  const fakes = requestFakes({ savePartnerNumber: savePartnerNumberRequest });
  const { paths, coverage } = exercise(
    partnerNumberMachine.provide({ actors: { ...fakes.actors, loadPartnerNumber: stuck() } }),
    { events: partnerNumberEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, n: s.context.partnerNumber, s: s.context.saving, e: s.context.fieldErrors, x: !!s.context.error }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string };
      if (last.type === 'xstate.error.actor.savePartnerNumber') expect(final.context.error).toBe('Something went wrong. Please try again.');
    },
  );
  printCoverage('partnerNumber', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    // a new number (trimmed), or null to remove it
    expect(fakes.distinct('savePartnerNumber')).toEqual(expect.arrayContaining([{ partnerNumber: '1234567' }, { partnerNumber: null }]));
    expect(fakes.distinct('savePartnerNumber')).toHaveLength(2);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
