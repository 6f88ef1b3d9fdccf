import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createAccountMachine, createAccountRequest, type CreateAccountForm } from '../../../machines/create-account.machine.ts';
import { createAccountEvents } from '../../../machines/__tests__/account-events.ts';
import { fill, isDisabled, modelPaths, pathName, renderWithRouter, setChecked, walkPath, type FlowViewModel, type User } from '../../test/account-harness.tsx';
import { CreateAccountView } from './CreateAccountView.tsx';
import { PartialSuccessView } from './OutcomeViews.tsx';
import { specText } from '../../test/spec-texts.ts';

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

async function fillForm(user: User, v: CreateAccountForm) {
  await fill(user, screen.getByLabelText(/First name/), v.firstName);
  await fill(user, screen.getByLabelText(/Last name/), v.lastName);
  await fill(user, screen.getByLabelText(/Email address/), v.emailAddress);
  await fill(user, screen.getByLabelText(/^\* Password$/), v.password);
  // the card fields may be in a closed section: set them as autofill would, without an input event
  input('registerCardNumber').value = v.registerCardNumber;
  input('registerCardPin').value = v.registerCardPin;
  await setChecked(user, input('termsAndConditions'), v.termsAndConditions);
  await setChecked(user, input('storageConsent'), v.storageConsent);
  await setChecked(user, input('receiveHarborEmailCommunications'), v.receiveHarborEmailCommunications);
  await setChecked(user, input('receiveGeneralEmailCommunications'), v.receiveGeneralEmailCommunications);
  await setChecked(user, input('receivePersonalizedEmailCommunications'), v.receivePersonalizedEmailCommunications);
}

const model: FlowViewModel<typeof createAccountMachine> = {
  machine: createAccountMachine,
  events: createAccountEvents,
  input: { returnUrl: null, includeStorageConsent: true },
  // coarser than the machine test's abstraction (errors present or not): fewer paths, every transition still taken
  serializeState: (s) => JSON.stringify({ v: s.value, r: s.context.cardRewards, o: s.context.cardSectionOpen, e: Object.keys(s.context.fieldErrors).length > 0, d: s.context.destination }),
  actors: ['createAccount', 'refreshSession'],
  requests: { createAccount: createAccountRequest },
  spyActions: ['notify', 'redirect', 'fireTrackingPixels'],
  render: (actor) => <CreateAccountView actor={actor} brandName="Harbor Coffee" product="Harbor" includeStorageConsent includePrivacyStatement checkGeneralEmailByDefault={false} />,
  perform: {
    'user.submit': async (e, { user }) => {
      await fillForm(user, e.values);
      await user.click(screen.getByRole('button', { name: 'Create account' }));
    },
    'user.toggleCardSection': async (_e, { user }) => {
      await user.click(screen.getByRole('button', { name: 'Register a card or get a digital card' }));
    },
    'user.chooseCardRewards': async (e) => {
      fireEvent.click(document.querySelector<HTMLInputElement>(`input[name="cardRewards"][value="${e.cardRewards}"]`)!);
    },
    'user.cardFieldsFilled': async () => {
      fireEvent.input(input('registerCardNumber'), { target: { value: '6000100000000001' } });
    },
  },
  // spec 2 section 2: Create account with a valid form sends the form (the card number, checked below);
  // the account made (also when only its card failed), the session is refreshed; the card section, the rewards choice and an invalid form send nothing
  sends: (event, s) => {
    if (event.type === 'user.submit' && s.matches('submitting')) {
      const request = expect.objectContaining({ firstName: 'Ana', emailAddress: 'ana@example.com', termsAndConditions: true, storageConsent: true, cardRewards: s.context.cardRewards, registrationSource: 'Web', country: 'US', locale: 'en-US', receiveGeneralEmailCommunications: true });
      return [{ src: 'createAccount', request }];
    }
    // made, or made with a card that could not be registered (422 card-registration): the user is signed in
    const cardFailed = event.type === 'xstate.error.actor.createAccount' && (event as { error?: { status?: number } }).error?.status === 422;
    if (event.type === 'xstate.done.actor.createAccount' || cardFailed) return [{ src: 'refreshSession', request: undefined }];
    return [];
  },
  check: (s, { spies, calls }, event) => {
    const toggle = screen.getByRole('button', { name: 'Register a card or get a digital card' });
    expect(toggle.getAttribute('aria-expanded')).toBe(String(s.context.cardSectionOpen));
    expect((document.getElementById(toggle.getAttribute('aria-controls')!) as HTMLElement).hidden).toBe(!s.context.cardSectionOpen);
    expect(document.querySelector<HTMLInputElement>(`input[name="cardRewards"][value="${s.context.cardRewards}"]`)!.checked).toBe(true);
    // the terms are links to their pages, opened in a new tab (the half-filled form stays)
    expect(screen.getByRole('link', { name: 'Terms of Use (opens in a new tab)' }).getAttribute('href')).toBe('/terms-of-use');
    expect(screen.getByRole('link', { name: 'Card Terms (opens in a new tab)' }).getAttribute('href')).toBe('/card-terms');
    for (const a of screen.getAllByRole('link', { name: 'Privacy Statement (opens in a new tab)' })) expect(a.getAttribute('target') === '_blank' && a.getAttribute('href')).toBe('/privacy-statement');
    const submit = screen.getByRole('button', { name: /Create account/ });
    if (s.matches('editing')) {
      expect(isDisabled(submit)).toBe(false);
      for (const message of Object.values(s.context.fieldErrors)) expect(screen.getAllByText(specText(message)).length).toBeGreaterThan(0);
      if (event.type === 'xstate.error.actor.createAccount' && !Object.keys(s.context.fieldErrors).length)
        expect(spies.notify).toHaveBeenLastCalledWith(expect.anything(), { kind: 'persistent', tone: 'error', message: 'createFailed' });
    } else expect(isDisabled(submit)).toBe(true);
    if (s.matches('submitting')) {
      const body = calls.at(-1)!.request as Record<string, unknown>;
      expect(body).toMatchObject({ firstName: 'Ana', emailAddress: 'ana@example.com', termsAndConditions: true, storageConsent: true, cardRewards: s.context.cardRewards, registrationSource: 'Web', country: 'US', locale: 'en-US', receiveGeneralEmailCommunications: true });
      expect('registerCardNumber' in body).toBe(s.context.cardRewards === 'registerCard');
    }
    if (s.matches('redirecting')) {
      expect(spies.fireTrackingPixels).toHaveBeenCalledTimes(1);
      expect(spies.redirect).toHaveBeenCalledTimes(1);
    }
  },
};

describe('CreateAccountView along the create-account model paths', () => {
  for (const path of modelPaths(model)) it(pathName(path), () => walkPath(model, path));
});

describe('partial success page', () => {
  it.each([
    ['card-information-error', 'Please try entering your card information again.'],
    ['card-state-error', 'Please try another card.'],
  ] as const)('%s', async (message, text) => {
    renderWithRouter(<PartialSuccessView message={message} />);
    expect(await screen.findByRole('heading', { name: 'Your account has been created, however there was an error with your card.' })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register a card' }).getAttribute('href')).toBe('/account/cards');
    expect(screen.getByRole('link', { name: 'Go to your account' }).getAttribute('href')).toBe('/account/for-you');
  });
});

describe('an email address that already has an account (spec 2 section 5)', () => {
  it("shows 'Email address is not available.' on the email field and stays on the form", async () => {
    const { createActor, fromPromise } = await import('xstate');
    const { apiError } = await import('../../../machines/__tests__/account-fakes.ts');
    const { default: userEvent } = await import('@testing-library/user-event');
    const created: unknown[] = [];
    const actor = createActor(
      createAccountMachine.provide({
        actors: {
          // the server's answer (server/routes/account.ts, account-create.test.ts) as the account service rejects with it
          createAccount: fromPromise(async ({ input }) => {
            created.push(input);
            throw apiError(400, 'EMAIL_NOT_AVAILABLE', 'Email address is not available.', { type: 'validation', field: 'emailAddress', messageId: 'emailAddress-not-available' });
          }),
        },
      }),
      { input: { returnUrl: null, includeStorageConsent: true } },
    ).start();
    renderWithRouter(<CreateAccountView actor={actor} brandName="Harbor Coffee" product="Harbor" includeStorageConsent includePrivacyStatement checkGeneralEmailByDefault={false} />);
    const user = userEvent.setup();
    await screen.findByLabelText(/First name/);
    await fillForm(user, (createAccountEvents[0] as { values: CreateAccountForm }).values);
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Email address is not available.')).toBeTruthy();
    expect(created).toHaveLength(1);
    const email = screen.getByLabelText(/Email address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ').find((id) => document.getElementById(id)?.textContent === 'Email address is not available.')!)).toBeTruthy();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    actor.stop();
  });
});
