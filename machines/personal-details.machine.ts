import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { AccountMessages } from '../contracts/account-messages.ts';
import { ProfilePatch } from '../contracts/account-profile.ts';
import type { Profile } from '../contracts/account-reads.ts';
import { asFlowError, fieldErrorsOf, notProvided, type FieldErrors, type NotifyParams } from './account-flow.ts';

/**
 * Personal details (spec 2 section 2 /account/personal; contents not shown by the spec): first and last name,
 * phone number (spec 5 'Please enter a 10-digit phone number.') and birthday, saved with PATCH /account/profile.
 */
export interface PersonalDetailsValues {
  firstName: string;
  lastName: string;
  /** empty removes it */
  phoneNumber: string;
  /** '' or '1'..'12' */
  birthMonth: string;
  /** '' or '1'..'31' */
  birthDay: string;
}
export interface PersonalDetailsContext {
  profile: Profile | null;
  fieldErrors: FieldErrors;
  genericError: string | null;
  /** the form submitted, for the `saveProfile` request */
  values: PersonalDetailsValues | null;
}
export type PersonalDetailsEvent =
  | ({ type: 'user.submit' } & PersonalDetailsValues)
  | { type: 'user.retry' }
  | DoneActorEvent<Profile, 'loadProfile'>
  | ErrorActorEvent<unknown, 'loadProfile'>
  | DoneActorEvent<Profile, 'saveProfile'>
  | ErrorActorEvent<unknown, 'saveProfile'>;

export type ProfilePatchInput = v.InferInput<typeof ProfilePatch>;

/** Form values to the PATCH body; a half-filled birthday is an error. */
export function profilePatchOf(values: PersonalDetailsValues): { patch: ProfilePatchInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const month = values.birthMonth ? Number(values.birthMonth) : null;
  const day = values.birthDay ? Number(values.birthDay) : null;
  if ((month === null) !== (day === null)) errors.birthday = AccountMessages.birthdayInvalid;
  const phone = values.phoneNumber.trim();
  const patch: ProfilePatchInput = {
    firstName: values.firstName,
    lastName: values.lastName,
    phoneNumber: phone ? phone : null,
    birthday: month !== null && day !== null ? { month, day } : null,
  };
  const r = v.safeParse(ProfilePatch, patch);
  return { patch, errors: r.success ? errors : { ...fieldErrorsOf(r.issues), ...errors } };
}

/** The request of the `saveProfile` actor (docs/machines.md): the PATCH body of the submitted form. */
export function saveProfileRequest({ context }: { context: Pick<PersonalDetailsContext, 'values'> }): ProfilePatchInput {
  if (!context.values) throw new Error('saveProfile: no form submitted');
  return profilePatchOf(context.values).patch;
}

export const personalDetailsMachine = setup({
  types: { context: {} as PersonalDetailsContext, events: {} as PersonalDetailsEvent },
  actors: {
    loadProfile: fromPromise<Profile, void>(async () => notProvided('loadProfile')),
    saveProfile: fromPromise<Profile, ProfilePatchInput>(async () => notProvided('saveProfile')),
  },
  guards: {
    isFormValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return Object.keys(profilePatchOf(event).errors).length === 0;
    },
    isFieldError: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.saveProfile');
      return !!asFlowError(event.error).field;
    },
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    assignProfile: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.loadProfile', 'xstate.done.actor.saveProfile']);
      return { profile: event.output as Profile };
    }),
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { fieldErrors: profilePatchOf(event).errors, genericError: null };
    }),
    clearErrors: assign({ fieldErrors: {}, genericError: null }),
    assignServerFieldError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.saveProfile');
      const e = asFlowError(event.error);
      return { fieldErrors: { [(e.field ?? 'form').split('.')[0]!]: e.message } };
    }),
    assignGenericError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.loadProfile', 'xstate.error.actor.saveProfile']);
      return { genericError: asFlowError(event.error).message };
    }),
    assignValues: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      const { firstName, lastName, phoneNumber, birthMonth, birthDay } = event;
      return { values: { firstName, lastName, phoneNumber, birthMonth, birthDay } };
    }),
  },
}).createMachine({
  id: 'personalDetails',
  description: 'Edits the name, phone number and birthday.',
  meta: { title: 'Personal details', spec: '2 §2 Personal details and settings (/account/personal), §5 phone hint' },
  context: { profile: null, fieldErrors: {}, genericError: null, values: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/profile.',
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'editing', actions: 'assignProfile' },
        onError: { target: 'loadFailed', actions: 'assignGenericError' },
      },
    },
    loadFailed: {
      description: 'The details could not be loaded.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', actions: 'clearErrors' } },
    },
    editing: {
      description: 'The form, filled with the saved details.',
      on: {
        'user.submit': [
          { guard: 'isFormValid', target: 'saving', actions: ['clearErrors', 'assignValues'] },
          { actions: 'assignFieldErrors' },
        ],
      },
    },
    saving: {
      description: 'PATCH /account/profile.',
      tags: ['loading'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: saveProfileRequest,
        onDone: { target: 'editing', actions: ['assignProfile', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'personalDetailsSaved' } }] },
        onError: [
          { guard: 'isFieldError', target: 'editing', actions: 'assignServerFieldError' },
          { target: 'editing', actions: 'assignGenericError' },
        ],
      },
    },
  },
});
