import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { PrivacyOptOutForm } from '../contracts/privacy.ts';
import { fieldErrorsOf, notProvided, type FieldErrors } from './account-flow.ts';
import { GENERIC_ERROR_MESSAGE } from './flow.ts';

/**
 * Privacy opt-out, /personal-information (spec 2 section 4 "Privacy opt-out", section 5: email required and the
 * shared email validator; section 7: optIn false, email). Submit sends the opt-out, then goes to
 * /personal-information/confirmation; failure shows a generic error.
 */
export interface PrivacyOptOutContext {
  fieldErrors: FieldErrors;
  email: string | null;
  error: string | null;
  destination: string | null;
}
export type PrivacyOptOutEvent = { type: 'user.submit'; email: string } | DoneActorEvent<unknown, 'sendOptOut'> | ErrorActorEvent<unknown, 'sendOptOut'>;

export const PRIVACY_CONFIRMATION = '/personal-information/confirmation';

/** The request of the `sendOptOut` actor (docs/machines.md): optIn false and the trimmed email. */
export function sendOptOutRequest({ context }: { context: Pick<PrivacyOptOutContext, 'email'> }): { email: string; optIn: false } {
  if (context.email === null) throw new Error('sendOptOut: no email submitted');
  return { email: context.email.trim(), optIn: false };
}

const validate = (email: string) => v.safeParse(PrivacyOptOutForm, { email });

export const privacyOptOutMachine = setup({
  types: { context: {} as PrivacyOptOutContext, events: {} as PrivacyOptOutEvent },
  actors: {
    sendOptOut: fromPromise<unknown, { email: string; optIn: false }>(async () => notProvided('sendOptOut')),
  },
  guards: {
    isFormValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return validate(event.email).success;
    },
  },
  actions: {
    redirect: () => {},
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      const r = validate(event.email);
      return { fieldErrors: r.success ? {} : fieldErrorsOf(r.issues), error: null };
    }),
    assignEmail: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { email: event.email, fieldErrors: {}, error: null };
    }),
    assignGenericError: assign({ error: GENERIC_ERROR_MESSAGE }),
    assignConfirmation: assign({ destination: PRIVACY_CONFIRMATION }),
  },
}).createMachine({
  id: 'privacyOptOut',
  description: 'Files a request not to sell or share personal information, then shows the confirmation.',
  meta: { title: 'Privacy opt-out', spec: '2 §2 /personal-information, §4 Privacy opt-out, §5 Privacy opt-out, §7 opt-out submission' },
  context: { fieldErrors: {}, email: null, error: null, destination: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'The three paragraphs, the email field and the submit button; a generic error after a failure.',
      on: { 'user.submit': [{ guard: 'isFormValid', target: 'submitting', actions: 'assignEmail' }, { actions: 'assignFieldErrors' }] },
    },
    submitting: {
      description: 'POST /privacy/opt-out { optIn: false, email }.',
      tags: ['loading'],
      invoke: {
        id: 'sendOptOut',
        src: 'sendOptOut',
        input: sendOptOutRequest,
        onDone: { target: 'redirecting', actions: 'assignConfirmation' },
        onError: { target: 'editing', actions: 'assignGenericError' },
      },
    },
    redirecting: { description: 'Goes to /personal-information/confirmation.', type: 'final', entry: 'redirect' },
  },
});
