import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { forgotPasswordMachine } from '../forgot-password.machine.ts';
import { describeFlow } from './flow.ts';
import { forgotPasswordFlow } from './forgot-password.expect.ts';

describeFlow(forgotPasswordFlow);

describe('forgot-password rules', () => {
  it('limits the email to 50 characters', () => {
    const actor = createActor(forgotPasswordMachine).start();
    actor.send({ type: 'user.submit', emailAddress: `${'a'.repeat(40)}@example.com` });
    expect(actor.getSnapshot().context.fieldErrors.emailAddress).toBe('Please enter a valid email address.');
    actor.send({ type: 'user.submit', emailAddress: '' });
    expect(actor.getSnapshot().context.fieldErrors.emailAddress).toBe('Please enter your email address.');
  });
});
