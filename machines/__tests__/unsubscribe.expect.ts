/** Unsubscribe (issue 11; spec 2 sections 2, 8): a link with a token posts it; success → complete?success=true&type=…; anything else → complete?success=false. */
import { expect } from 'vitest';
import { unsubscribeMachine, unsubscribeRequest } from '../unsubscribe.machine.ts';
import { requestFakes } from './model.ts';
import { spyActions, type Flow } from './flow.ts';
import { UNSUBSCRIBE_TOKEN, unsubscribeEvents } from './privacy.events.ts';

export const unsubscribeFlow: Flow<typeof unsubscribeMachine> = {
  machine: unsubscribeMachine,
  table: {
    start: { always: [{ guard: 'hasToken', to: 'unsubscribing' }, 'redirecting'] },
    unsubscribing: { 'xstate.done.actor.unsubscribe': 'redirecting', 'xstate.error.actor.unsubscribe': 'redirecting' },
  },
  // spec 2 "unsubscribe": with a token the request is sent; the result page follows whatever the answer
  journeys: [
    { name: 'unsubscribed', run: 'with token', events: [unsubscribeEvents[0]], ends: 'redirecting' },
    { name: 'an invalid link', run: 'with token', events: [unsubscribeEvents[2]], ends: 'redirecting' },
    { name: 'unsubscribing', run: 'with token', events: [], ends: 'unsubscribing' },
    { name: 'no token', run: 'no token', events: [], ends: 'redirecting' },
  ],
  sees: { unsubscribing: { tags: ['loading'] }, redirecting: { tags: ['loading'] } },
  effects: { '* -> redirecting': ['redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ unsubscribe: unsubscribeRequest });
    const spy = spyActions(['redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: 'with token', options: { events: unsubscribeEvents as never, input: { token: UNSUBSCRIBE_TOKEN } } },
        { name: 'no token', options: { events: unsubscribeEvents as never, input: { token: null } } },
      ],
      onStep(s, event, run) {
        if (s.matches('unsubscribing')) expect(fakes.last('unsubscribe')).toEqual({ token: UNSUBSCRIBE_TOKEN });
        if (s.matches('redirecting')) {
          const want =
            event.type === 'xstate.done.actor.unsubscribe'
              ? `/unsubscribe/complete?success=true&type=${(event as unknown as { output: { type: string } }).output.type}`
              : '/unsubscribe/complete?success=false';
          expect(s.context.destination).toBe(want);
          if (run === 'no token') expect(event.type).toBe('xstate.init');
        } else expect(s.context.destination).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('unsubscribe')).toEqual([{ token: UNSUBSCRIBE_TOKEN }]);
      },
    };
  },
};
