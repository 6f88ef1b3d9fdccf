import { describe, expect, it } from 'vitest';
import { createAccountMachine, createAccountRequest, createPayload, type CreateAccountForm } from '../create-account.machine.ts';
import { exercise, printCoverage, describePath, requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { emptyForm, badCard, validForm, createAccountEvents } from './account-events.ts';

describe('create-account machine (model-based)', () => {
  const fakes = requestFakes({ createAccount: createAccountRequest });
  const { paths, coverage } = exercise(
    createAccountMachine.provide({ actors: { ...fakes.actors, refreshSession: stuck() } }),
    {
      events: createAccountEvents as never,
      input: { returnUrl: null, includeStorageConsent: true },
      serializeState: (s) => JSON.stringify({ v: s.value, r: s.context.cardRewards, o: s.context.cardSectionOpen, e: Object.keys(s.context.fieldErrors).sort(), d: s.context.destination }),
    },
    (path, final) => {
      if (process.env.DEBUG_PATHS) console.log(describePath(path));
      const errors = path.steps.map((s) => s.event as { type: string; error?: { code: string } }).filter((e) => e.error);
      const lastError = errors.at(-1)?.error?.code;
      if (final.matches('redirecting')) {
        const expected =
          lastError === 'DIGITAL_CARD_PROVISION_ERROR' ? '/account/create/partial-success/card-state-error'
          : lastError === '121001' ? '/account/cards?mode=from_account_create&card_error=121001'
          : '/account/for-you';
        expect(final.context.destination).toBe(expected);
      }
      const lastSubmit = [...path.steps].reverse().find((s) => s.event.type === 'user.submit')?.event as { values: CreateAccountForm } | undefined;
      if (final.matches('editing') && path.steps.at(-1)!.event.type === 'user.submit' && lastSubmit?.values === emptyForm) {
        expect(final.context.fieldErrors).toMatchObject({ emailAddress: 'Please enter your email address.', termsAndConditions: 'Please agree to the Terms of Use.', storageConsent: 'Please agree to the storage conditions.' });
      }
      if (final.matches('editing') && path.steps.at(-1)!.event.type === 'user.submit' && lastSubmit?.values === badCard && final.context.cardRewards === 'registerCard') {
        expect(final.context.cardSectionOpen).toBe(true);
        expect(final.context.fieldErrors).toMatchObject({ registerCardNumber: 'A valid card number has 16 digits.', registerCardPin: 'A valid security code has 8 digits.' });
      }
      if (lastError === 'EMAIL_NOT_AVAILABLE' && final.matches('editing') && path.steps.at(-1)!.event.type.startsWith('xstate.error')) expect(final.context.fieldErrors.emailAddress).toBe('Email address is not available.');
      // the password is held only while its request runs
      if (!final.matches('submitting')) expect(final.context.form).toBeNull();
    },
  );
  printCoverage('createAccount', coverage);
  it(`covers every state and transition (${paths.length} paths)`, () => {
    expect(fakes.errors()).toEqual([]);
    // the valid form, posted with either card choice (the card fields only when registering a card)
    const choices = { returnUrl: null, includeStorageConsent: true } as const;
    expect(fakes.distinct('createAccount')).toEqual(
      expect.arrayContaining([createPayload(validForm, { ...choices, cardRewards: 'digitalCard' }), createPayload(validForm, { ...choices, cardRewards: 'registerCard' })]),
    );
    expect(fakes.distinct('createAccount')).toHaveLength(2);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});
