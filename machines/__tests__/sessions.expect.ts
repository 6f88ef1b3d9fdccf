/**
 * Your devices (/account/settings/sessions; issue 6, ASVS 7.4.3 session management): the member's sessions with
 * this device marked; any other device can be signed out, or all the others at once; this device never from here.
 * An already ended session (SESSION_NOT_FOUND) just leaves the list.
 */
import { expect } from 'vitest';
import { endSessionRequest, sessionsMachine } from '../sessions.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { PHONE, sessionsEvents, sessionsSerialize, THIS_DEVICE } from './sessions-events.ts';
import { spyActions, type Flow } from './flow.ts';

const Ss = sessionsEvents as ReadonlyArray<{ type: string }>;

export const sessionsFlow: Flow<typeof sessionsMachine> = {
  machine: sessionsMachine,
  table: {
    loading: { 'xstate.done.actor.loadSessions': 'ready', 'xstate.error.actor.loadSessions': 'loadFailed' },
    loadFailed: { 'user.retry': 'loading' },
    ready: {
      'user.endSession': { guard: 'isOtherSession', to: 'endingOne' },
      'user.endOthers': { guard: 'hasOtherSessions', to: 'endingOthers' },
    },
    endingOne: {
      'xstate.done.actor.endSession': 'ready',
      'xstate.error.actor.endSession': [{ guard: 'isAlreadyEnded', to: 'ready' }, 'ready'],
    },
    endingOthers: { 'xstate.done.actor.endOtherSessions': 'ready', 'xstate.error.actor.endOtherSessions': 'ready' },
  },
  // spec 2 "sessions": end another session or all others; this device's own is never ended here
  journeys: [
    { name: 'end a session', events: [Ss[4]!, Ss[0]!, Ss[6]!], ends: 'ready' },
    { name: 'ending one', events: [Ss[4]!, Ss[0]!], ends: 'endingOne' },
    { name: 'already ended', events: [Ss[4]!, Ss[0]!, Ss[7]!], ends: 'ready' },
    { name: 'ending fails', events: [Ss[4]!, Ss[0]!, Ss[8]!], ends: 'ready' },
    { name: "this device's session is not ended", events: [Ss[4]!, Ss[1]!], ends: 'ready' },
    { name: 'end the others', events: [Ss[4]!, Ss[2]!, Ss[9]!], ends: 'ready' },
    { name: 'ending the others', events: [Ss[4]!, Ss[2]!], ends: 'endingOthers' },
    { name: 'ending the others fails', events: [Ss[4]!, Ss[2]!, Ss[10]!], ends: 'ready' },
    { name: 'the load fails, retried', events: [Ss[5]!, Ss[3]!, Ss[4]!], ends: 'ready' },
    { name: 'the load fails', events: [Ss[5]!], ends: 'loadFailed' },
  ],
  sees: { loading: { tags: ['loading'] }, loadFailed: { tags: ['error'] }, endingOne: { tags: ['busy'] }, endingOthers: { tags: ['busy'] } },
  effects: {
    'xstate.done.actor.endSession -> ready': ['notify:toast/success/sessionEnded'],
    'xstate.done.actor.endOtherSessions -> ready': ['notify:toast/success/otherSessionsEnded'],
  },
  arrange(machine) {
    const fakes = requestFakes({ endSession: endSessionRequest });
    const spy = spyActions(['notify'] as const);
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadSessions: stuck(), endOtherSessions: stuck() }, actions: spy.actions }),
      spy,
      runs: [{ name: '', options: { events: sessionsEvents as never, serializeState: sessionsSerialize as never } }],
      onStep(s, event) {
        const c = s.context;
        const ev = event as { type: string; error?: { code: string } };
        // the list shown after each answer
        if (ev.type === 'xstate.done.actor.loadSessions') expect(c.sessions).toEqual([THIS_DEVICE, PHONE]);
        if (ev.type === 'xstate.done.actor.endSession' || ev.type === 'xstate.done.actor.endOtherSessions') expect(c.sessions).toEqual([THIS_DEVICE]);
        if (s.matches('endingOne')) {
          expect(c.ending).toBe(PHONE.id);
          expect(fakes.last('endSession')).toEqual({ id: PHONE.id });
        } else expect(c.ending).toBeNull();
        if (s.matches('loading') || s.matches('endingOne') || s.matches('endingOthers')) expect(c.error).toBeNull();
        if (s.matches('loadFailed')) expect(c.error).toBe('Something went wrong. Please try again.');
        if (ev.type.startsWith('xstate.done.actor.')) expect(c.error).toBeNull();
        if (ev.type === 'xstate.error.actor.endSession' && ev.error?.code === 'SESSION_NOT_FOUND') {
          expect(c.sessions.map((x) => x.id)).toEqual([THIS_DEVICE.id]);
          expect(c.error).toBe('That session has already ended.');
        }
        if (ev.type === 'xstate.error.actor.endSession' && ev.error?.code !== 'SESSION_NOT_FOUND') {
          expect(c.sessions.map((x) => x.id)).toEqual([THIS_DEVICE.id, PHONE.id]);
          expect(c.error).toBe('Something went wrong. Please try again.');
        }
        if (ev.type === 'xstate.error.actor.endOtherSessions') {
          expect(c.sessions.map((x) => x.id)).toEqual([THIS_DEVICE.id, PHONE.id]);
          expect(c.error).toBe('Something went wrong. Please try again.');
        }
        // this device is never ended from here, and the list always keeps it
        if (s.matches('ready')) expect(c.sessions.some((x) => x.current) || c.sessions.length === 0).toBe(true);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        // only another device's session is ever asked to end
        expect(fakes.distinct('endSession')).toEqual([{ id: PHONE.id }]);
        expect(accountMessages.sessionEnded).toBe('Signed out of that device.');
        expect(accountMessages.otherSessionsEnded).toBe('Signed out of all other devices.');
      },
    };
  },
};
