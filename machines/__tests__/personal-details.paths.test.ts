import { describe, expect, it } from 'vitest';
import { personalDetailsMachine } from '../personal-details.machine.ts';
import { exercise, printCoverage } from './model.ts';
import { apiError, serverDown, stuck } from './account-fakes.ts';

const profile = { userExId: 'u1', firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', phoneNumber: null, birthday: null };
export const personalDetailsEvents = [
  { type: 'user.submit', firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthMonth: '2', birthDay: '29' },
  { type: 'user.submit', firstName: '', lastName: 'Lima', phoneNumber: '12', birthMonth: '2', birthDay: '' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadProfile', output: profile, actorId: 'loadProfile' },
  { type: 'xstate.error.actor.loadProfile', error: serverDown, actorId: 'loadProfile' },
  { type: 'xstate.done.actor.saveProfile', output: { ...profile, phoneNumber: '2065550123', birthday: { month: 2, day: 29 } }, actorId: 'saveProfile' },
  { type: 'xstate.error.actor.saveProfile', error: apiError(400, 'BAD_REQUEST', 'Enter a valid birthday.', { field: 'birthday' }), actorId: 'saveProfile' },
  { type: 'xstate.error.actor.saveProfile', error: serverDown, actorId: 'saveProfile' },
] as const;

describe('personal details machine (model-based)', () => {
  const { paths, coverage } = exercise(
    personalDetailsMachine.provide({ actors: { loadProfile: stuck(), saveProfile: stuck() } }),
    { events: personalDetailsEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.profile?.phoneNumber ?? null, e: s.context.fieldErrors, g: !!s.context.genericError }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string; firstName?: string };
      if (last.type === 'user.submit' && last.firstName === '')
        expect(final.context.fieldErrors).toEqual({ firstName: 'Enter your first name.', phoneNumber: 'Please enter a 10-digit phone number.', birthday: 'Enter a valid birthday.' });
    },
  );
  printCoverage('personalDetails', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
