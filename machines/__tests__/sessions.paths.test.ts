import { describe, expect, it } from 'vitest';
import { endSessionRequest, sessionsMachine } from '../sessions.machine.ts';
import { exercise, printCoverage, requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { PHONE, sessionsEvents, sessionsSerialize, THIS_DEVICE } from './sessions-events.ts';

describe('sessions machine (model-based)', () => {
  const fakes = requestFakes({ endSession: endSessionRequest });
  const notified: unknown[] = [];
  const { paths, coverage } = exercise(
    sessionsMachine.provide({ actors: { ...fakes.actors, loadSessions: stuck(), endOtherSessions: stuck() }, actions: { notify: (_, params) => void notified.push(params) } }),
    { events: sessionsEvents as never, serializeState: (s) => sessionsSerialize(s) },
    (path, final) => {
      const last = path.steps.at(-1)!.event as { type: string; error?: { code: string } };
      // this device is never ended from here, and the list always keeps it
      if (final.matches('ready')) expect(final.context.sessions.some((s) => s.current) || final.context.sessions.length === 0).toBe(true);
      if (last.type === 'xstate.error.actor.loadSessions') expect(final.context.error).toBe('Something went wrong. Please try again.');
      if (last.type === 'xstate.error.actor.endSession' && last.error?.code === 'SESSION_NOT_FOUND') {
        expect(final.context.sessions.map((s) => s.id)).toEqual([THIS_DEVICE.id]);
        expect(final.context.error).toBe('That session has already ended.');
      }
      if (last.type === 'xstate.error.actor.endSession' && last.error?.code !== 'SESSION_NOT_FOUND') expect(final.context.sessions.map((s) => s.id)).toContain(PHONE.id);
      if (last.type === 'xstate.done.actor.endOtherSessions') expect(final.context.sessions).toEqual([THIS_DEVICE]);
      if (!final.matches('endingOne')) expect(final.context.ending).toBeNull();
    },
  );
  printCoverage('sessions', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    // only another device's session is ever asked to end
    expect(fakes.distinct('endSession')).toEqual([{ id: PHONE.id }]);
    expect(notified).toEqual(expect.arrayContaining([
      { kind: 'toast', tone: 'success', message: 'sessionEnded' },
      { kind: 'toast', tone: 'success', message: 'otherSessionsEnded' },
    ]));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
  it('the request builder needs a chosen session', () => {
    expect(() => endSessionRequest({ context: { ending: null } })).toThrow('endSession: no session chosen');
    expect(endSessionRequest({ context: { ending: PHONE.id } })).toEqual({ id: PHONE.id });
  });
});
