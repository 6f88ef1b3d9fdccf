import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { PartnerNumber } from '../contracts/account-reads.ts';
import { asFlowError, fieldErrorsOf, notProvided, type FieldErrors, type NotifyParams } from './account-flow.ts';

/**
 * Partner number (spec 2 section 2 /account/personal/partner; section 8: partner-number edit errors are stored).
 * Add, change or remove the employee partner number.
 */
export interface PartnerNumberContext {
  partnerNumber: string | null;
  /** the value being saved (null removes it) */
  saving: string | null;
  fieldErrors: FieldErrors;
  /** the stored edit error */
  error: string | null;
}
export type PartnerNumberEvent =
  | { type: 'user.submit'; partnerNumber: string }
  | { type: 'user.remove' }
  | { type: 'user.retry' }
  | DoneActorEvent<{ partnerNumber: string | null }, 'loadPartnerNumber'>
  | ErrorActorEvent<unknown, 'loadPartnerNumber'>
  | DoneActorEvent<{ partnerNumber: string | null }, 'savePartnerNumber'>
  | ErrorActorEvent<unknown, 'savePartnerNumber'>;

/** The request of the `savePartnerNumber` actor (docs/machines.md): the value being saved (null removes it). */
export function savePartnerNumberRequest({ context }: { context: Pick<PartnerNumberContext, 'saving'> }): { partnerNumber: string | null } {
  return { partnerNumber: context.saving };
}

export const partnerNumberMachine = setup({
  types: { context: {} as PartnerNumberContext, events: {} as PartnerNumberEvent },
  actors: {
    loadPartnerNumber: fromPromise<{ partnerNumber: string | null }, void>(async () => notProvided('loadPartnerNumber')),
    savePartnerNumber: fromPromise<{ partnerNumber: string | null }, { partnerNumber: string | null }>(async () => notProvided('savePartnerNumber')),
  },
  guards: {
    isValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return v.safeParse(PartnerNumber, { partnerNumber: event.partnerNumber }).success;
    },
    hasPartnerNumber: ({ context }) => !!context.partnerNumber,
    wasRemoval: ({ context }) => context.saving === null,
  },
  actions: {
    notify: (_, _params: NotifyParams) => {},
    assignPartnerNumber: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.loadPartnerNumber', 'xstate.done.actor.savePartnerNumber']);
      return { partnerNumber: (event.output as { partnerNumber: string | null }).partnerNumber, error: null };
    }),
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      const r = v.safeParse(PartnerNumber, { partnerNumber: event.partnerNumber });
      return { fieldErrors: r.success ? {} : fieldErrorsOf(r.issues) };
    }),
    assignSavingValue: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { saving: event.partnerNumber.trim(), fieldErrors: {}, error: null };
    }),
    assignRemoval: assign({ saving: null, fieldErrors: {}, error: null }),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.loadPartnerNumber', 'xstate.error.actor.savePartnerNumber']);
      return { error: asFlowError(event.error).message };
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'partnerNumber',
  description: 'Adds, changes or removes the partner (employee) number.',
  meta: { title: 'Partner number', spec: '2 §2 /account/personal/partner, §3 partnership, §8 partner-number edit errors' },
  context: { partnerNumber: null, saving: null, fieldErrors: {}, error: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'GET /account/partner-number.',
      tags: ['loading'],
      invoke: {
        id: 'loadPartnerNumber',
        src: 'loadPartnerNumber',
        onDone: { target: 'ready', actions: 'assignPartnerNumber' },
        onError: { target: 'loadFailed', actions: 'assignError' },
      },
    },
    loadFailed: {
      description: 'The partner number could not be loaded.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      description: 'The form; the stored edit error shows here.',
      on: {
        'user.submit': [{ guard: 'isValid', target: 'saving', actions: 'assignSavingValue' }, { actions: 'assignFieldErrors' }],
        'user.remove': { guard: 'hasPartnerNumber', target: 'saving', actions: 'assignRemoval' },
      },
    },
    saving: {
      description: 'PUT /account/partner-number.',
      tags: ['loading'],
      invoke: {
        id: 'savePartnerNumber',
        src: 'savePartnerNumber',
        input: savePartnerNumberRequest,
        onDone: [
          { guard: 'wasRemoval', target: 'ready', actions: ['assignPartnerNumber', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'partnerNumberRemoved' } }] },
          { target: 'ready', actions: ['assignPartnerNumber', { type: 'notify', params: { kind: 'toast', tone: 'success', message: 'partnerNumberSaved' } }] },
        ],
        onError: { target: 'ready', actions: 'assignError' },
      },
    },
  },
});
