import { describe, expect, it } from 'vitest';
import { personalDetailsMachine, saveProfileRequest } from '../personal-details.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { personalDetailsEvents } from './account-events.ts';

describe('personal details machine (model-based)', () => {
  const fakes = requestFakes({ saveProfile: saveProfileRequest });
  const { paths, coverage } = exercise(
    personalDetailsMachine.provide({ actors: { ...fakes.actors, loadProfile: stuck() } }),
    { events: personalDetailsEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.profile?.phoneNumber ?? null, e: s.context.fieldErrors, g: !!s.context.genericError }) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string; firstName?: string };
      if (last.type === 'user.submit' && last.firstName === '')
        expect(final.context.fieldErrors).toEqual({ firstName: 'Enter your first name.', phoneNumber: 'Please enter a 10-digit phone number.', birthday: 'Enter a valid birthday.' });
    },
  );
  printCoverage('personalDetails', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    expect(fakes.distinct('saveProfile')).toEqual([{ firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthday: { month: 2, day: 29 } }]);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
