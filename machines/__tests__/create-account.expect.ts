/**
 * Account creation (spec 2 section 4 "Account creation", sections 5, 8, 9): submit posts the form; on success sign
 * in, wait 200 ms, fire tracking pixels, redirect to the return URL or /account/for-you. Errors: validation marks
 * the field; a card-registration error of a digital card goes to the partial-success page, of a physical card to
 * /account/cards with mode and card_error (both after signing in); reputation, unknown code or no body: generic
 * error. The card-rewards section toggles and opens by itself when card fields are filled or invalid.
 */
import { expect } from 'vitest';
import { createAccountMachine, createAccountRequest, createPayload, type CreateAccountForm } from '../create-account.machine.ts';
import { accountMessages } from '../../src/services/error-catalogue.ts';
import { requestFakes } from './model.ts';
import { stuck } from './account-fakes.ts';
import { emptyForm, badCard, validForm, createAccountEvents } from './account-events.ts';
import { spyActions, type Flow } from './flow.ts';

const [submitValid, submitEmpty, submitBadCard, toggle, chooseRegister, chooseDigital, fieldsFilled, created, emailTaken, digitalCardError, physicalCardError, reputation, serverDown, signedIn, signInFailed, waited] = createAccountEvents;
const E = { submitValid, submitEmpty, submitBadCard, toggle, chooseRegister, chooseDigital, fieldsFilled, created, emailTaken, digitalCardError, physicalCardError, reputation, serverDown, signedIn, signInFailed, waited };

export const createAccountFlow: Flow<typeof createAccountMachine> = {
  machine: createAccountMachine,
  table: {
    editing: {
      'user.toggleCardSection': null,
      'user.chooseCardRewards': null,
      'user.cardFieldsFilled': { guard: 'isCardSectionClosed' },
      'user.submit': [{ guard: 'isFormValid', to: 'submitting' }, null],
    },
    submitting: {
      'xstate.done.actor.createAccount': 'signingIn',
      'xstate.error.actor.createAccount': [
        { guard: 'isValidationError', to: 'editing' },
        { guard: 'isDigitalCardError', to: 'signingIn' },
        { guard: 'isPhysicalCardError', to: 'signingIn' },
        'editing',
      ],
    },
    signingIn: { 'xstate.done.actor.refreshSession': 'waiting', 'xstate.error.actor.refreshSession': 'waiting' },
    waiting: { 'after afterCreateDelay': 'redirecting' },
  },
  // spec 2 section 9: account creation waits 200 ms after success before the redirect
  delays: { afterCreateDelay: 200 },
  // spec 2 section 4 "Account creation", as scenarios (events from account-events.ts)
  journeys: [
    { name: 'created: signed in, 200 ms later redirected', events: [E.submitValid, E.created, E.signedIn, E.waited], ends: 'redirecting' },
    { name: 'created, the session refresh fails: redirected all the same', events: [E.submitValid, E.created, E.signInFailed, E.waited], ends: 'redirecting' },
    { name: 'email not available: the field is marked', events: [E.submitValid, E.emailTaken], ends: 'editing' },
    { name: 'digital card error: signed in, then the partial-success page', events: [E.submitValid, E.digitalCardError, E.signedIn, E.waited], ends: 'redirecting' },
    { name: 'physical card error: signed in, then the cards page', events: [E.submitValid, E.physicalCardError, E.signInFailed, E.waited], ends: 'redirecting' },
    { name: 'reputation: the generic error', events: [E.submitValid, E.reputation], ends: 'editing' },
    { name: 'server down: the generic error', events: [E.submitValid, E.serverDown], ends: 'editing' },
    { name: 'an empty form is not sent', events: [E.submitEmpty], ends: 'editing' },
    { name: 'the card section: toggled, a choice, filled fields open it', events: [E.toggle, E.toggle, E.chooseDigital, E.toggle, E.fieldsFilled, E.submitBadCard, E.chooseRegister], ends: 'editing' },
  ],
  sees: { submitting: { tags: ['loading'] }, signingIn: { tags: ['loading'] }, waiting: { tags: ['loading'] }, redirecting: { tags: ['loading'] } },
  effects: {
    '* -> redirecting': ['fireTrackingPixels', 'redirect'],
    'xstate.error.actor.createAccount -> editing': [],
  },
  arrange(machine) {
    const fakes = requestFakes({ createAccount: createAccountRequest });
    const spy = spyActions(['notify', 'redirect', 'fireTrackingPixels'] as const);
    let open = false;
    let lastValues: CreateAccountForm | null = null;
    return {
      machine: machine.provide({ actors: { ...fakes.actors, refreshSession: stuck() }, actions: spy.actions }),
      beforePath: () => void ((open = false), spy.clear()),
      runs: [
        {
          name: '',
          options: {
            events: createAccountEvents as never,
            input: { returnUrl: null, includeStorageConsent: true },
            serializeState: (s) => JSON.stringify({ v: s.value, r: s.context.cardRewards, o: s.context.cardSectionOpen, e: Object.keys(s.context.fieldErrors).sort(), d: s.context.destination }),
          },
        },
      ],
      onStep(s, event) {
        const c = s.context;
        const e = event as { type: string; error?: { code: string; message: string }; values?: CreateAccountForm; cardRewards?: string };
        const code = e.error?.code;
        // effects: the generic error notification, or tracking pixels then the redirect
        const effects = spy.step().map((l) => (l.name === 'notify' ? `notify:${(l.params as { message: string }).message}` : l.name));
        const generic = s.matches('editing') && (code === 'REPUTATION_REJECTED' || code === 'HTTP_502');
        expect(effects).toEqual(generic ? ['notify:createFailed'] : s.matches('redirecting') ? ['fireTrackingPixels', 'redirect'] : []);
        if (generic) expect(accountMessages.createFailed).toBe('Sorry, we were unable to create your account. Please try again.');
        // the card section: toggled by the user, opened by filled card fields or invalid card fields
        if (e.type === 'user.toggleCardSection') open = !open;
        if (e.type === 'user.cardFieldsFilled' || e.type === 'user.chooseCardRewards') open = true;
        if (e.type === 'user.cardFieldsFilled') expect(c.cardRewards).toBe('registerCard');
        if (e.type === 'user.submit') lastValues = e.values!;
        if (e.type === 'user.submit' && s.matches('editing') && e.values !== validForm && c.cardRewards === 'registerCard') open = true;
        expect(c.cardSectionOpen).toBe(open);
        if (e.type === 'user.chooseCardRewards') expect(c.cardRewards).toBe(e.cardRewards);
        if (s.matches('submitting')) {
          expect(c.fieldErrors).toEqual({});
          expect(fakes.last('createAccount')).toEqual(createPayload(validForm, { returnUrl: null, includeStorageConsent: true, cardRewards: c.cardRewards }));
        }
        if (e.type === 'user.submit' && s.matches('editing') && lastValues === emptyForm)
          expect(c.fieldErrors).toMatchObject({ emailAddress: 'Please enter your email address.', termsAndConditions: 'Please agree to the Terms of Use.', storageConsent: 'Please agree to the storage conditions.' });
        if (e.type === 'user.submit' && s.matches('editing') && lastValues === badCard && c.cardRewards === 'registerCard')
          expect(c.fieldErrors).toMatchObject({ registerCardNumber: 'A valid card number has 16 digits.', registerCardPin: 'A valid security code has 8 digits.' });
        if (code === 'EMAIL_NOT_AVAILABLE') expect(c.fieldErrors).toEqual({ emailAddress: 'Email address is not available.' });
        if (s.matches('signingIn'))
          expect(c.destination).toBe(
            code === 'DIGITAL_CARD_PROVISION_ERROR' ? '/account/create/partial-success/card-state-error' : code === '121001' ? '/account/cards?mode=from_account_create&card_error=121001' : '/account/for-you',
          );
        // the password is held only while its request runs
        if (!s.matches('submitting')) expect(c.form).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        // the valid form, posted with either card choice (the card fields only when registering a card)
        const choices = { returnUrl: null, includeStorageConsent: true } as const;
        expect(fakes.distinct('createAccount')).toEqual(
          expect.arrayContaining([createPayload(validForm, { ...choices, cardRewards: 'digitalCard' }), createPayload(validForm, { ...choices, cardRewards: 'registerCard' })]),
        );
        expect(fakes.distinct('createAccount')).toHaveLength(2);
      },
    };
  },
};
