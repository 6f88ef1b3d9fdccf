import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import * as v from 'valibot';
import { CardMessages, SvcCardNumber, SvcSecurityCode, formatCents, type AddCardResponse, type CardErrorAction } from '../contracts/cards.ts';
import { asFlowError, notProvided } from './account-flow.ts';
import { cardFlowError, isKnownCardError } from './cards-flow.ts';
import { PATHS, pathTo } from './app-paths.ts';

/**
 * Add card, /account/cards/add (spec 2 §4 "Add card", §5 card registration, §8 card codes): register a physical
 * card by its 16-digit number and 8-digit security code, or get a digital card. After the add: transferCard with a
 * positive balance → /account/cards; a zero balance → keep or remove; otherwise a success notification with the
 * added amount. The make-primary error → /account/cards/:cardId; catalogue codes show their message (and action);
 * anything else → an error notification and /.
 */
export interface AddCardForm {
  cardNumber: string;
  securityCode: string;
  transferCard: boolean;
  makePrimary: boolean;
}
export interface AddCardContext {
  form: AddCardForm | null;
  digital: boolean;
  fieldErrors: { cardNumber?: string; securityCode?: string };
  error: string | null;
  errorAction: CardErrorAction | null;
  added: AddCardResponse | null;
  destination: string | null;
  notice: { tone: 'success' | 'error'; message: string } | null;
}
export type AddCardEvent =
  | { type: 'user.submit'; form: AddCardForm }
  | { type: 'user.getDigital' }
  | { type: 'user.retry' }
  | { type: 'user.keep' }
  | { type: 'user.remove' }
  | DoneActorEvent<AddCardResponse, 'addCard'>
  | ErrorActorEvent<unknown, 'addCard'>
  | DoneActorEvent<{ cardNumber: string }, 'removeCard'>
  | ErrorActorEvent<unknown, 'removeCard'>;

export type AddCardInput = { cardNumber: string; securityCode: string; transferCard: boolean; makePrimary: boolean } | { digitalCard: true };
export function addCardRequest({ context }: { context: Pick<AddCardContext, 'form' | 'digital'> }): AddCardInput {
  if (context.digital) return { digitalCard: true };
  if (!context.form) throw new Error('addCard: no form submitted');
  const f = context.form;
  return { cardNumber: f.cardNumber.replace(/[\s-]/g, ''), securityCode: f.securityCode.trim(), transferCard: f.transferCard, makePrimary: f.makePrimary };
}
export function removeAddedCardRequest({ context }: { context: Pick<AddCardContext, 'added'> }): { cardId: string } {
  if (!context.added) throw new Error('removeCard: nothing added');
  return { cardId: context.added.card.cardId };
}

const formErrors = (f: AddCardForm) => {
  const n = v.safeParse(SvcCardNumber, f.cardNumber.replace(/[\s-]/g, ''));
  const p = v.safeParse(SvcSecurityCode, f.securityCode.trim());
  return { ...(n.success ? {} : { cardNumber: n.issues[0].message }), ...(p.success ? {} : { securityCode: p.issues[0].message }) };
};
/** what the add request answered (read only on its done event: any other throws) */
const output = (event: AddCardEvent) => {
  assertEvent(event, 'xstate.done.actor.addCard');
  return event.output;
};

export const addCardMachine = setup({
  types: { context: {} as AddCardContext, events: {} as AddCardEvent },
  actors: {
    addCard: fromPromise<AddCardResponse, AddCardInput>(async () => notProvided('addCard')),
    removeCard: fromPromise<{ cardNumber: string }, { cardId: string }>(async () => notProvided('removeCard')),
  },
  guards: {
    isFormValid: ({ event }) => {
      assertEvent(event, 'user.submit');
      return Object.keys(formErrors(event.form)).length === 0;
    },
    makePrimaryFailed: ({ event }) => !!output(event).makePrimaryFailed,
    transferredPositive: ({ event }) => (output(event).transferred?.amount ?? 0) > 0,
    zeroBalance: ({ event }) => output(event).card.balance.amount <= 0,
    isMakePrimaryError: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.addCard');
      return asFlowError(event.error).code === 'MAKE_PRIMARY_FAILED';
    },
    isKnownError: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.addCard');
      return isKnownCardError(event.error);
    },
  },
  actions: {
    notify: () => {},
    redirect: () => {},
    assignForm: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { form: event.form, digital: false, fieldErrors: {}, error: null, errorAction: null };
    }),
    assignDigital: assign({ digital: true, form: null, fieldErrors: {}, error: null, errorAction: null }),
    clearError: assign({ form: null, fieldErrors: {}, error: null, errorAction: null }),
    assignFieldErrors: assign(({ event }) => {
      assertEvent(event, 'user.submit');
      return { fieldErrors: formErrors(event.form) };
    }),
    forgetSecurityCode: assign(({ context }) => ({ form: context.form ? { ...context.form, securityCode: '' } : null })),
    assignAdded: assign(({ event }) => ({ added: output(event) })),
    toList: assign({ destination: PATHS.cards }),
    toAddedCardPage: assign(({ event }) => {
      // added but not made primary: the answer names the card
      assertEvent(event, 'xstate.done.actor.addCard');
      return { destination: pathTo.card(event.output.card.cardId) };
    }),
    toRefusedCardPage: assign(({ context, event }) => {
      // refused with the card's id in the error body (made primary failed after adding)
      assertEvent(event, 'xstate.error.actor.addCard');
      const fromError = asFlowError(event.error).body.cardId;
      const id = context.added?.card.cardId ?? (typeof fromError === 'string' ? fromError : undefined);
      return { destination: id ? pathTo.card(id) : PATHS.cards };
    }),
    toHome: assign({ destination: PATHS.home }),
    assignAddedNotice: assign(({ event }) => {
      // added with its answer (a balance, none of it transferred)
      assertEvent(event, 'xstate.done.actor.addCard');
      return { notice: { tone: 'success' as const, message: event.output.addedAmount.amount > 0 ? CardMessages.cardAdded(formatCents(event.output.addedAmount.amount)) : CardMessages.cardAddedNoBalance } };
    }),
    // a zero-balance card kept (user.keep: no amount)
    assignKeptNotice: assign({ notice: { tone: 'success' as const, message: CardMessages.cardAddedNoBalance } }),
    assignTransferredNotice: assign(({ event }) => ({ notice: { tone: 'success' as const, message: CardMessages.transferDone(formatCents(output(event).transferred?.amount ?? 0)) } })),
    assignRemovedNotice: assign(({ context }) => ({ notice: { tone: 'success' as const, message: CardMessages.cardRemoved(context.added?.card.lastFour ?? '') } })),
    assignRemoveFailedNotice: assign({ notice: { tone: 'error' as const, message: CardMessages.removeFailed } }),
    assignFailureNotice: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.addCard');
      return { notice: { tone: 'error' as const, message: cardFlowError(event.error).message } };
    }),
    assignError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.addCard');
      const e = cardFlowError(event.error);
      if (e.field === 'cardNumber' || e.field === 'securityCode') return { fieldErrors: { [e.field]: e.message }, error: null, errorAction: e.action };
      return { error: e.message, errorAction: e.action };
    }),
  },
}).createMachine({
  id: 'addCard',
  description: 'Register a physical card (number + security code) or get a digital card, then the outcome the spec names.',
  meta: { title: 'Add card', spec: '2 §2 /account/cards/add, §4 Add card, §5 card registration, §8 card codes' },
  context: { form: null, digital: false, fieldErrors: {}, error: null, errorAction: null, added: null, destination: null, notice: null },
  initial: 'editing',
  states: {
    editing: {
      description: 'Card number and security code, or Get a digital card; field errors and mapped codes show here.',
      on: {
        'user.submit': [{ guard: 'isFormValid', target: 'submitting', actions: 'assignForm' }, { actions: 'assignFieldErrors' }],
        'user.getDigital': { target: 'submitting', actions: 'assignDigital' },
        // spec 2 section 8: 121000-121002, 121017, 122000 offer Try again: a fresh form (the view empties and focuses it)
        'user.retry': { actions: 'clearError' },
      },
    },
    submitting: {
      description: 'POST /account/cards/add.',
      tags: ['loading'],
      exit: 'forgetSecurityCode',
      invoke: {
        id: 'addCard',
        src: 'addCard',
        input: addCardRequest,
        onDone: [
          { guard: 'makePrimaryFailed', target: 'redirecting', actions: ['assignAdded', 'toAddedCardPage'] },
          { guard: 'transferredPositive', target: 'redirecting', actions: ['assignAdded', 'assignTransferredNotice', 'notify', 'toList'] },
          { guard: 'zeroBalance', target: 'askingKeepOrRemove', actions: 'assignAdded' },
          { target: 'redirecting', actions: ['assignAdded', 'assignAddedNotice', 'notify', 'toList'] },
        ],
        onError: [
          { guard: 'isMakePrimaryError', target: 'redirecting', actions: 'toRefusedCardPage' },
          { guard: 'isKnownError', target: 'editing', actions: 'assignError' },
          { target: 'redirecting', actions: ['assignFailureNotice', 'notify', 'toHome'] },
        ],
      },
    },
    askingKeepOrRemove: {
      description: 'The card has no money ($0.00): keep it or remove it?',
      tags: ['dialog'],
      on: { 'user.keep': { target: 'redirecting', actions: ['assignKeptNotice', 'notify', 'toList'] }, 'user.remove': { target: 'removing' } },
    },
    removing: {
      description: 'POST /account/cards/:cardId/remove for the card just added.',
      tags: ['loading'],
      invoke: {
        id: 'removeCard',
        src: 'removeCard',
        input: removeAddedCardRequest,
        onDone: { target: 'redirecting', actions: ['assignRemovedNotice', 'notify', 'toList'] },
        onError: { target: 'redirecting', actions: ['assignRemoveFailedNotice', 'notify', 'toList'] },
      },
    },
    redirecting: { entry: 'redirect', tags: ['redirecting'], type: 'final' },
  },
});
