import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { AccountMessages } from '../contracts/account-messages.ts';
import { CreateAccountErrorBody, CreateAccountRequest, PartialSuccessMessageId, type CreateAccountResponse } from '../contracts/account-create.ts';
import { passwordProblem } from '../contracts/password-policy.ts';
import { asFlowError, destinationOr, fieldErrorsOf, FOR_YOU, notProvided, type FieldErrors, type NotifyParams, inputOf } from './account-flow.ts';
import { pathTo } from './app-paths.ts';

/**
 * Account creation (spec 2 sections 4 "Account creation", 5, 8). Submit posts the form. Success: the session
 * state is refreshed (the server signed the user in), a 200 ms wait, the tracking pixels, then the return URL
 * or /account/for-you. Errors: validation marks the field with the server message; card-registration goes to
 * the partial-success page (digital card) or /account/cards with mode and card_error (physical card); reputation,
 * unknown-code or a missing body show the generic error. The card-rewards section toggles between digitalCard
 * and registerCard and opens by itself when card fields are filled or invalid.
 */
export type CardRewards = 'digitalCard' | 'registerCard';

/** The form's values as the view collects them (checkboxes as booleans). */
export interface CreateAccountForm {
  firstName: string;
  lastName: string;
  emailAddress: string;
  password: string;
  termsAndConditions: boolean;
  storageConsent: boolean;
  registerCardNumber: string;
  registerCardPin: string;
  receiveHarborEmailCommunications: boolean;
  receiveGeneralEmailCommunications: boolean;
  receivePersonalizedEmailCommunications: boolean;
}
export interface CreateAccountInput {
  returnUrl: string | null;
  /** config account.includeStorageConsent */
  includeStorageConsent: boolean;
}
export interface CreateAccountContext extends CreateAccountInput {
  cardRewards: CardRewards;
  cardSectionOpen: boolean;
  fieldErrors: FieldErrors;
  destination: string | null;
  /** the form submitted, for the `createAccount` request; forgotten when the request ends (it holds the password) */
  form: CreateAccountForm | null;
}
export type CreateAccountEvent =
  | { type: 'user.submit'; values: CreateAccountForm }
  | { type: 'user.toggleCardSection' }
  | { type: 'user.chooseCardRewards'; cardRewards: CardRewards }
  | { type: 'user.cardFieldsFilled' }
  | DoneActorEvent<CreateAccountResponse, 'createAccount'>
  | ErrorActorEvent<unknown, 'createAccount'>
;

/** What the createAccount actor posts (contracts/account.ts CreateAccountRequest). */
export type CreateAccountPayload = v.InferInput<typeof CreateAccountRequest>;

const CARD_FIELDS = ['registerCardNumber', 'registerCardPin'];

/** The request body from the form values and the machine's choices. */
export function createPayload(values: CreateAccountForm, context: Pick<CreateAccountContext, 'cardRewards' | 'returnUrl' | 'includeStorageConsent'>): CreateAccountPayload {
  const registering = context.cardRewards === 'registerCard';
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    emailAddress: values.emailAddress,
    password: values.password,
    termsAndConditions: values.termsAndConditions as true,
    ...(context.includeStorageConsent ? { storageConsent: values.storageConsent } : {}),
    cardRewards: context.cardRewards,
    ...(registering ? { registerCardNumber: values.registerCardNumber.trim(), registerCardPin: values.registerCardPin.trim() } : {}),
    receiveHarborEmailCommunications: values.receiveHarborEmailCommunications,
    receiveGeneralEmailCommunications: values.receiveGeneralEmailCommunications,
    receivePersonalizedEmailCommunications: values.receivePersonalizedEmailCommunications,
    country: 'US',
    locale: 'en-US',
    registrationSource: 'Web',
    ...(context.returnUrl ? { returnUrl: context.returnUrl } : {}),
  };
}

/** Client-side validation with the server's schema, plus storage consent (when configured) and the password policy. */
export function validateCreateForm(values: CreateAccountForm, context: Pick<CreateAccountContext, 'cardRewards' | 'returnUrl' | 'includeStorageConsent'>): FieldErrors {
  const r = v.safeParse(CreateAccountRequest, createPayload(values, context));
  const errors: FieldErrors = r.success ? {} : fieldErrorsOf(r.issues);
  if (context.includeStorageConsent && !values.storageConsent) errors.storageConsent ??= AccountMessages.storageConsentRequired;
  if (!errors.password) {
    const p = passwordProblem(values.password, values.emailAddress, [values.firstName, values.lastName]);
    if (p) errors.password = p.message;
  }
  return errors;
}

/** The request of the `createAccount` actor (docs/machines.md): the submitted form with the machine's choices. */
export function createAccountRequest({ context }: { context: Pick<CreateAccountContext, 'form' | 'cardRewards' | 'returnUrl' | 'includeStorageConsent'> }): CreateAccountPayload {
  if (!context.form) throw new Error('createAccount: no form submitted');
  return createPayload(context.form, context);
}

/** the error body of a refused account (read only on that event: any other throws) */
const createError = (event: CreateAccountEvent) => {
  assertEvent(event, 'xstate.error.actor.createAccount');
  const parsed = v.safeParse(CreateAccountErrorBody, asFlowError(event.error).body);
  return parsed.success ? parsed.output : null;
};

export const createAccountMachine = setup({
  types: { context: {} as CreateAccountContext, events: {} as CreateAccountEvent, input: {} as CreateAccountInput },
  actors: {
    createAccount: fromPromise<CreateAccountResponse, CreateAccountPayload>(async () => notProvided('createAccount')),
    refreshSession: fromPromise<unknown, void>(async () => notProvided('refreshSession')),
  },
  delays: {
    /** spec 9: account creation waits 200 ms after success before the redirect */
    afterCreateDelay: 200,
  },
  guards: {
    isFormValid: ({ context, event }) => {
      assertEvent(event, 'user.submit');
      return Object.keys(validateCreateForm(event.values, context)).length === 0;
    },
    isCardSectionClosed: ({ context }) => !context.cardSectionOpen,
    isValidationError: ({ event }) => {
      const e = createError(event);
      return e?.type === 'validation' && !!e.field;
    },
    isDigitalCardError: ({ event }) => {
      const e = createError(event);
      return e?.type === 'card-registration' && e.cardType !== 'physical';
    },
    isPhysicalCardError: ({ event }) => {
      const e = createError(event);
      return e?.type === 'card-registration' && e.cardType === 'physical';
    },
  },
  actions: {
    /** the start parameters (from the xstate.init event) */
    applyInput: assign(({ event }) => inputOf<CreateAccountInput>(event)),
    notify: (_, _params: NotifyParams) => {},
    redirect: () => {},
    /** the advertising/analytics pixels of a new registration (provided by the route) */
    fireTrackingPixels: () => {},
    toggleCardSection: assign(({ context }) => ({ cardSectionOpen: !context.cardSectionOpen })),
    assignCardRewards: assign(({ event }) => {
      assertEvent(event, 'user.chooseCardRewards');
      return { cardRewards: event.cardRewards, cardSectionOpen: true };
    }),
    openCardSectionForCard: assign({ cardSectionOpen: true, cardRewards: 'registerCard' as CardRewards }),
    assignFieldErrors: assign(({ context, event }) => {
      assertEvent(event, 'user.submit');
      const fieldErrors = validateCreateForm(event.values, context);
      const cardInvalid = CARD_FIELDS.some((f) => fieldErrors[f]);
      return { fieldErrors, cardSectionOpen: context.cardSectionOpen || cardInvalid };
    }),
    clearErrors: assign({ fieldErrors: {} }),
    assignServerFieldError: assign(({ context, event }) => {
      const e = createError(event);
      if (!e?.field) return {};
      return { fieldErrors: { [e.field]: e.message }, cardSectionOpen: context.cardSectionOpen || CARD_FIELDS.includes(e.field) };
    }),
    assignSuccessDestination: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.createAccount');
      return { destination: destinationOr(FOR_YOU, event.output.returnUrl, context.returnUrl) };
    }),
    assignPartialSuccessDestination: assign(({ event }) => {
      const id = v.safeParse(PartialSuccessMessageId, createError(event)?.messageId);
      return { destination: pathTo.partialSuccess(id.success ? id.output : 'card-state-error') };
    }),
    assignCardsDestination: assign(({ event }) => {
      const code = createError(event)?.errorCode ?? createError(event)?.code ?? 'UNEXPECTED_ERROR';
      return { destination: pathTo.cardsAfterCreate(code) };
    }),
    assignForm: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { form: event.values };
    }),
    forgetForm: assign({ form: null }),
  },
}).createMachine({
  id: 'createAccount',
  description: 'Creates an account (with a digital card or a registered physical card) and signs the user in.',
  meta: { title: 'Create account', spec: '2 §2 Account creation, §3 Create-account form, §4 Account creation, §5, §8, §9' },
  context: {
    returnUrl: null,
    includeStorageConsent: false,
    cardRewards: 'digitalCard',
    cardSectionOpen: false,
    fieldErrors: {},
    destination: null,
    form: null,
  },
  entry: 'applyInput',
  initial: 'editing',
  states: {
    editing: {
      description: 'The form; the card-rewards section opens when toggled, when card fields are filled or invalid.',
      on: {
        'user.toggleCardSection': { actions: 'toggleCardSection' },
        'user.chooseCardRewards': { actions: 'assignCardRewards' },
        'user.cardFieldsFilled': { guard: 'isCardSectionClosed', actions: 'openCardSectionForCard' },
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: ['clearErrors', 'assignForm'] },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    submitting: {
      description: 'POST /account/create.',
      tags: ['loading'],
      exit: 'forgetForm',
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: createAccountRequest,
        onDone: { target: 'signingIn', actions: 'assignSuccessDestination' },
        onError: [
          { guard: 'isValidationError', target: 'editing', actions: 'assignServerFieldError' },
          { guard: 'isDigitalCardError', target: 'signingIn', actions: 'assignPartialSuccessDestination' },
          { guard: 'isPhysicalCardError', target: 'signingIn', actions: 'assignCardsDestination' },
          { target: 'editing', actions: { type: 'notify', params: { kind: 'persistent', tone: 'error', message: 'createFailed' } } },
        ],
      },
    },
    signingIn: {
      description: 'The account exists and the server signed the user in: the session state is refreshed.',
      tags: ['loading'],
      invoke: { id: 'refreshSession', src: 'refreshSession', onDone: { target: 'waiting' }, onError: { target: 'waiting' } },
    },
    waiting: {
      description: 'Waits 200 ms before the redirect.',
      tags: ['loading'],
      after: { afterCreateDelay: { target: 'redirecting' } },
    },
    redirecting: {
      description: 'Fires the tracking pixels and goes to the destination.',
      tags: ['loading'],
      type: 'final',
      entry: ['fireTrackingPixels', 'redirect'],
    },
  },
});
