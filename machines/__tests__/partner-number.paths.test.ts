import { describe, expect, it } from 'vitest';
import { partnerNumberMachine } from '../partner-number.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { serverDown, stuck } from './account-fakes.ts';

export const partnerNumberEvents = [
  { type: 'user.submit', partnerNumber: '1234567' },
  { type: 'user.submit', partnerNumber: '12ab' },
  { type: 'user.remove' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadPartnerNumber', output: { partnerNumber: null }, actorId: 'loadPartnerNumber' },
  { type: 'xstate.error.actor.loadPartnerNumber', error: serverDown, actorId: 'loadPartnerNumber' },
  { type: 'xstate.done.actor.savePartnerNumber', output: { partnerNumber: '1234567' }, actorId: 'savePartnerNumber' },
  { type: 'xstate.done.actor.savePartnerNumber', output: { partnerNumber: null }, actorId: 'savePartnerNumber' },
  { type: 'xstate.error.actor.savePartnerNumber', error: serverDown, actorId: 'savePartnerNumber' },
] as const;

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
