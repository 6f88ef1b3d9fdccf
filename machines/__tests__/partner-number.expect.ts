/** Partner number (spec 2 section 2 /account/personal/partner, section 8): load, save a new number or remove it, with a toast each. */
import { expect } from 'vitest';
import { partnerNumberMachine, savePartnerNumberRequest } from '../partner-number.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { partnerNumberEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

const [submitValid, submitInvalid, remove, retry, loadedNone, loadFailed, saved, removed, saveFailed] = partnerNumberEvents;
const P = { submitValid, submitInvalid, remove, retry, loadedNone, loadFailed, saved, removed, saveFailed, loadedSome: { type: 'xstate.done.actor.loadPartnerNumber', output: { partnerNumber: '7654321' }, actorId: 'loadPartnerNumber' } };

export const partnerNumberFlow: Flow<typeof partnerNumberMachine> = {
  machine: partnerNumberMachine,
  table: {
    loading: { 'xstate.done.actor.loadPartnerNumber': 'ready', 'xstate.error.actor.loadPartnerNumber': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    ready: {
      'user.submit': [{ guard: 'isValid', to: 'saving' }, null],
      'user.remove': { guard: 'hasPartnerNumber', to: 'saving' },
    },
    saving: {
      'xstate.done.actor.savePartnerNumber': [{ guard: 'wasRemoval', to: 'ready' }, 'ready'],
      'xstate.error.actor.savePartnerNumber': 'ready',
    },
  },
  // spec 2 "partner number": load, save a valid number, remove it; a failed load can be retried
  journeys: [
    { name: 'load, save a number', events: [P.loadedNone, P.submitValid, P.saved], ends: 'ready' },
    { name: 'load a number, remove it', events: [P.loadedSome, P.remove, P.removed], ends: 'ready' },
    { name: 'save fails', events: [P.loadedNone, P.submitValid, P.saveFailed], ends: 'ready' },
    { name: 'an invalid number is not sent', events: [P.loadedNone, P.submitInvalid], ends: 'ready' },
    { name: 'nothing to remove', events: [P.loadedNone, P.remove], ends: 'ready' },
    { name: 'saving', events: [P.loadedSome, P.submitValid], ends: 'saving' },
    { name: 'removing', events: [P.loadedSome, P.remove], ends: 'saving' },
    { name: 'the load fails, retried', events: [P.loadFailed, P.retry, P.loadedSome], ends: 'ready' },
    { name: 'the load fails', events: [P.loadFailed], ends: 'loadFailed' },
  ],
  sees: { loading: { tags: ['loading'] }, loadFailed: { tags: ['error'] }, saving: { tags: ['loading'] } },
  arrange(machine) {
    const fakes = requestFakes({ savePartnerNumber: savePartnerNumberRequest });
    const spy = spyActions(['notify'] as const);
    let removing = false;
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadPartnerNumber: stuck() }, actions: spy.actions }),
      beforePath: () => void ((removing = false), spy.clear()),
      // the shared events plus a saved number to load
      runs: [{ name: '', options: { events: [...partnerNumberEvents, { type: 'xstate.done.actor.loadPartnerNumber', output: { partnerNumber: '7654321' }, actorId: 'loadPartnerNumber' }] as never, serializeState: (s) => JSON.stringify({ v: s.value, n: s.context.partnerNumber, s: s.context.saving, e: s.context.fieldErrors, x: !!s.context.error }) } }],
      onStep(s, event) {
        const c = s.context;
        if (event.type === 'user.remove') removing = true;
        if (event.type === 'user.submit') removing = false;
        if (s.matches('saving')) expect(fakes.last('savePartnerNumber')).toEqual({ partnerNumber: removing ? null : '1234567' });
        // the toast names what was done: removed after a removal, saved after a new number; nothing else notifies
        expect(spy.step().map((l) => l.name)).toEqual(event.type === 'xstate.done.actor.savePartnerNumber' ? ['notify'] : []);
        if (event.type === 'xstate.done.actor.savePartnerNumber') {
          expect(c.partnerNumber).toBe((event as unknown as { output: { partnerNumber: string | null } }).output.partnerNumber);
          expect(spy.last('notify')!.params).toEqual({ kind: 'toast', tone: 'success', message: removing ? 'partnerNumberRemoved' : 'partnerNumberSaved' });
          expect([accountMessages.partnerNumberSaved, accountMessages.partnerNumberRemoved]).toEqual(['Your partner number has been saved.', 'Your partner number has been removed.']);
        }
        if (event.type === 'xstate.done.actor.loadPartnerNumber') expect(c.partnerNumber).toBe((event as unknown as { output: { partnerNumber: string | null } }).output.partnerNumber);
        if (event.type === 'user.submit' && s.matches('ready')) expect(c.fieldErrors.partnerNumber).toBe('Enter a valid partner number (5 to 10 digits).');
        if (event.type === 'xstate.error.actor.savePartnerNumber' || s.matches('loadFailed')) expect(c.error).toBe('Something went wrong. Please try again.');
        if (s.matches('loading')) expect(c.error).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('savePartnerNumber')).toEqual(expect.arrayContaining([{ partnerNumber: '1234567' }, { partnerNumber: null }]));
        expect(fakes.distinct('savePartnerNumber')).toHaveLength(2);
      },
    };
  },
};
