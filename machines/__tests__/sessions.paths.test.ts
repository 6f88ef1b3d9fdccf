import { describe, expect, it } from 'vitest';
import { endSessionRequest } from '../sessions.machine.ts';
import { describeFlow } from './flow.ts';
import { sessionsFlow } from './sessions.expect.ts';
import { PHONE } from './sessions-events.ts';

describeFlow(sessionsFlow);

describe('sessions machine: request builder', () => {
  it('the request builder needs a chosen session', () => {
    expect(() => endSessionRequest({ context: { ending: null } })).toThrow('endSession: no session chosen');
    expect(endSessionRequest({ context: { ending: PHONE.id } })).toEqual({ id: PHONE.id });
  });
});
