import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { describeFlow } from './flow.ts';
import { partnerRedirectFlow } from './partner-redirect.expect.ts';
import { allowedRedirect, partnerRedirectMachine } from '../partner-redirect.machine.ts';

describeFlow(partnerRedirectFlow);

describe('partner redirect: the 5 s and the allowed origins', () => {
  it('asks nothing before 5 s, asks at 5 s (spec 9)', () => {
    const clock = new SimulatedClock();
    const asked: unknown[] = [];
    const machine = partnerRedirectMachine.provide({
      actors: { authenticatePartner: (partnerRedirectFlow.arrange(partnerRedirectMachine).machine.implementations.actors as never)['authenticatePartner'] },
    });
    const actor = createActor(machine, { clock, input: { hotelPartner: 'lodgecrest', allowedOrigins: ['http://localhost'] } });
    actor.subscribe((s) => asked.push(s.value));
    actor.start();
    clock.increment(4999);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('authenticating');
    actor.stop();
  });

  it('allowedRedirect: same-origin paths resolve against this origin; other origins, protocol-relative and scripts are refused', () => {
    const allowed = ['http://localhost:4103', 'https://partner.example'];
    expect(allowedRedirect('/dev/hotel-partner/authorize?state=a.b', allowed)).toBe('http://localhost:4103/dev/hotel-partner/authorize?state=a.b');
    expect(allowedRedirect('https://partner.example/a?state=x', allowed)).toBe('https://partner.example/a?state=x');
    for (const bad of ['//evil.example/a', 'https://evil.example/', 'https://partner.example.evil.example/', 'javascript:alert(1)', 'data:text/html,x', 'http://partner.example/a', '/\\evil.example'])
      expect(allowedRedirect(bad, allowed), bad).toBeNull();
    expect(allowedRedirect('/a', [])).toBeNull();
  });
});
