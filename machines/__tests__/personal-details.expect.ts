/** Personal details (spec 2 section 2 /account/personal, section 5 phone hint): load, edit, save with a toast; field and generic errors. */
import { expect } from 'vitest';
import { personalDetailsMachine, saveProfileRequest } from '../personal-details.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { personalDetailsEvents, savedProfile } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

const D = personalDetailsEvents as ReadonlyArray<{ type: string }>;

export const personalDetailsFlow: Flow<typeof personalDetailsMachine> = {
  machine: personalDetailsMachine,
  table: {
    loading: { 'xstate.done.actor.loadProfile': 'editing', 'xstate.error.actor.loadProfile': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    editing: { 'user.submit': [{ guard: 'isFormValid', to: 'saving' }, null] },
    saving: {
      'xstate.done.actor.saveProfile': 'editing',
      'xstate.error.actor.saveProfile': [{ guard: 'isFieldError', to: 'editing' }, 'editing'],
    },
  },
  // spec 2 "personal details": load, save a valid form (a toast); field errors from the server mark the field
  journeys: [
    { name: 'saved', events: [D[3]!, D[0]!, D[5]!], ends: 'editing' },
    { name: 'saving', events: [D[3]!, D[0]!], ends: 'saving' },
    { name: 'the server refuses the birthday', events: [D[3]!, D[0]!, D[6]!], ends: 'editing' },
    { name: 'saving fails', events: [D[3]!, D[0]!, D[7]!], ends: 'editing' },
    { name: 'an invalid form is not sent', events: [D[3]!, D[1]!], ends: 'editing' },
    { name: 'the load fails, retried', events: [D[4]!, D[2]!, D[3]!], ends: 'editing' },
    { name: 'the load fails', events: [D[4]!], ends: 'loadFailed' },
  ],
  sees: { loading: { tags: ['loading'] }, loadFailed: { tags: ['error'] }, saving: { tags: ['loading'] } },
  effects: { 'xstate.done.actor.saveProfile -> editing': ['notify:toast/success/personalDetailsSaved'] },
  arrange(machine) {
    const fakes = requestFakes({ saveProfile: saveProfileRequest });
    const spy = spyActions(['notify'] as const);
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadProfile: stuck() }, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: personalDetailsEvents as never, serializeState: (s) => JSON.stringify({ v: s.value, p: s.context.profile?.phoneNumber ?? null, e: s.context.fieldErrors, g: !!s.context.genericError }) } }],
      onStep(s, event) {
        const c = s.context;
        const code = 'error' in event ? (event.error as { code: string }).code : undefined;
        if (event.type === 'user.submit' && s.matches('editing'))
          expect(c.fieldErrors).toEqual({ firstName: 'Enter your first name.', phoneNumber: "That phone number isn't valid. Enter 10 digits, for example 206 555 0123.", birthday: 'Enter a valid birthday.' });
        if (s.matches('saving')) {
          expect([c.fieldErrors, c.genericError]).toEqual([{}, null]);
          expect(fakes.last('saveProfile')).toEqual({ firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthday: { month: 2, day: 29 } });
        }
        if (event.type === 'xstate.done.actor.loadProfile') expect(c.profile).toEqual(savedProfile);
        if (event.type === 'xstate.done.actor.saveProfile') {
          expect(c.profile?.phoneNumber).toBe('2065550123');
          expect(accountMessages.personalDetailsSaved).toBe('Your personal details have been saved.');
        }
        if (code === 'BAD_REQUEST') expect(c.fieldErrors).toEqual({ birthday: 'Enter a valid birthday.' });
        if (code === 'UNEXPECTED_ERROR') expect(c.genericError).toBe('Something went wrong. Please try again.');
        if (s.matches('loading')) expect(c.genericError).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('saveProfile')).toEqual([{ firstName: 'Ana', lastName: 'Lima', phoneNumber: '206 555 0123', birthday: { month: 2, day: 29 } }]);
      },
    };
  },
};
