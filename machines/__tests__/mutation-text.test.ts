/**
 * Issue 7's mutation "change an error message text", made where the text lives: the contract's catalogue
 * (contracts/account-messages.ts) is replaced for this file with one text changed, so the sign-in machine is defined
 * with it, as it would be after an edit. The sign-in flow's checks assert the spec's text as a literal and must fail.
 */
import { describe, expect, it, vi } from 'vitest';
import type * as AccountMessagesModule from '../../contracts/account-messages.ts';
import { checkFlow, type Flow } from './flow.ts';
import { signInFlow } from './sign-in.expect.ts';

vi.mock('../../contracts/account-messages.ts', async (importOriginal) => {
  const original = await importOriginal<typeof AccountMessagesModule>();
  return { ...original, AccountMessages: { ...original.AccountMessages, invalidCode: 'That code is wrong.' } };
});

describe('the mutations of issue 7 are caught by the machine tests', () => {
  it('change an error message text (the invalid-code text)', () => {
    let message = '';
    try {
      checkFlow(signInFlow as Flow);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain("expected 'That code is wrong.' to be 'The code you entered is not valid. Pl");
  });
});
