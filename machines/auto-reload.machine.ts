import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { CardMessages, formatCents, parseDecimalAmount, type AutoReloadProfile, type PaymentMethod } from '../contracts/cards.ts';
import { inputOf, notProvided } from './account-flow.ts';
import { PATHS } from './app-page-paths.ts';
import { cardFlowError } from './cards-flow.ts';

/**
 * Auto reload, the #auto-reload modal (spec 2 §3 auto-reload form, §4 "Auto reload", §5, §8 121009/121010).
 * The four outcomes of a submit are explicit states: `unchanged` (disabled and no profile: nothing is sent),
 * `creating` (enabled, no profile), `updating` (enabled, a profile), `disabling` (not enabled, a profile).
 * Amounts are typed as decimals; an unparsable one is omitted from the request (the server answers 121009/121010).
 */
export interface AutoReloadInput {
  cardId: string;
  profile: AutoReloadProfile | null;
  methods: PaymentMethod[];
  defaultAmount: number;
  defaultTrigger: number;
}
export interface AutoReloadContext {
  cardId: string;
  profile: AutoReloadProfile | null;
  methods: PaymentMethod[];
  enabled: boolean;
  /** as typed (decimal dollars) */
  amount: string;
  triggerAmount: string;
  paymentMethodId: string | null;
  error: string | null;
  fieldErrors: { amount?: string; triggerAmount?: string };
  notice: string | null;
  /** where the route navigates when the flow leaves the modal (docs/machines.md "Navigation") */
  destination: string | null;
}
export type AutoReloadEvent =
  | { type: 'user.toggle'; enabled: boolean }
  | { type: 'user.setAmount'; amount: string }
  | { type: 'user.setTrigger'; triggerAmount: string }
  | { type: 'user.selectMethod'; paymentMethodId: string }
  | { type: 'user.addPaymentMethod' }
  | { type: 'user.submit' }
  | { type: 'user.close' }
  | DoneActorEvent<AutoReloadResult, 'createAutoReload'>
  | ErrorActorEvent<unknown, 'createAutoReload'>
  | DoneActorEvent<AutoReloadResult, 'updateAutoReload'>
  | ErrorActorEvent<unknown, 'updateAutoReload'>
  | DoneActorEvent<AutoReloadResult, 'disableAutoReload'>
  | ErrorActorEvent<unknown, 'disableAutoReload'>;

export interface AutoReloadResult {
  cardId: string;
  status: string;
  isActive: boolean;
  amount: number;
  triggerAmount: number;
  paymentMethodId: string;
  paymentInstrumentId: string;
}
/** GraphQL variables: amounts in cents, an unparsable amount omitted (spec 5) */
export interface SaveAutoReloadVariables {
  cardId: string;
  amount?: number;
  triggerAmount?: number;
  paymentMethodId?: string;
}

function saveVariables(context: Pick<AutoReloadContext, 'cardId' | 'amount' | 'triggerAmount' | 'paymentMethodId'>): SaveAutoReloadVariables {
  const amount = parseDecimalAmount(context.amount);
  const triggerAmount = parseDecimalAmount(context.triggerAmount);
  return {
    cardId: context.cardId,
    ...(amount !== undefined ? { amount } : {}),
    ...(triggerAmount !== undefined ? { triggerAmount } : {}),
    ...(context.paymentMethodId ? { paymentMethodId: context.paymentMethodId } : {}),
  };
}
export function createAutoReloadRequest({ context }: { context: Pick<AutoReloadContext, 'cardId' | 'amount' | 'triggerAmount' | 'paymentMethodId'> }): SaveAutoReloadVariables {
  return saveVariables(context);
}
export function updateAutoReloadRequest({ context }: { context: Pick<AutoReloadContext, 'cardId' | 'amount' | 'triggerAmount' | 'paymentMethodId'> }): SaveAutoReloadVariables {
  return saveVariables(context);
}
export function disableAutoReloadRequest({ context }: { context: Pick<AutoReloadContext, 'cardId'> }): { cardId: string } {
  return { cardId: context.cardId };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const hasProfile = (c: AutoReloadContext) => !!c.profile && c.profile.isActive;

export const autoReloadMachine = setup({
  types: { context: {} as AutoReloadContext, events: {} as AutoReloadEvent, input: {} as AutoReloadInput },
  actors: {
    createAutoReload: fromPromise<AutoReloadResult, SaveAutoReloadVariables>(async () => notProvided('createAutoReload')),
    updateAutoReload: fromPromise<AutoReloadResult, SaveAutoReloadVariables>(async () => notProvided('updateAutoReload')),
    disableAutoReload: fromPromise<AutoReloadResult, { cardId: string }>(async () => notProvided('disableAutoReload')),
  },
  guards: {
    disabledWithoutProfile: ({ context }) => !context.enabled && !hasProfile(context),
    disabledWithProfile: ({ context }) => !context.enabled && hasProfile(context),
    missingMethod: ({ context }) => context.enabled && !context.paymentMethodId,
    /** no profile row at all: create; a row (even a disabled one) is updated (the server keeps one per card) */
    enabledWithoutProfile: ({ context }) => context.enabled && !context.profile,
    enabledWithProfile: ({ context }) => context.enabled && !!context.profile,
  },
  actions: {
    /** provided by the route: navigate to `destination` */
    redirect: () => {},
    notify: () => {},
    close: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<AutoReloadInput>(event);
      const p = i.profile ?? null;
      const methods = i.methods ?? [];
      return {
        cardId: i.cardId ?? '',
        profile: p,
        methods,
        enabled: !!p?.isActive,
        amount: dollars(p?.amount || i.defaultAmount || 0),
        triggerAmount: dollars(p?.triggerAmount || i.defaultTrigger || 0),
        paymentMethodId: p?.paymentMethodId ?? (methods.find((m) => m.default) ?? methods[0])?.paymentMethodId ?? null,
      };
    }),
    assignEnabled: assign(({ event }) => {
      assertEvent(event, 'user.toggle');
      return { enabled: event.enabled, error: null, fieldErrors: {} };
    }),
    assignAmount: assign(({ event }) => {
      assertEvent(event, 'user.setAmount');
      return { amount: event.amount };
    }),
    assignTrigger: assign(({ event }) => {
      assertEvent(event, 'user.setTrigger');
      return { triggerAmount: event.triggerAmount };
    }),
    assignMethod: assign(({ event }) => {
      assertEvent(event, 'user.selectMethod');
      return { paymentMethodId: event.paymentMethodId || null, error: null };
    }),
    assignMissingMethod: assign({ error: CardMessages.selectPaymentMethod }),
    toPaymentMethods: assign({ destination: PATHS.paymentMethods }),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.createAutoReload', 'xstate.error.actor.disableAutoReload', 'xstate.error.actor.updateAutoReload']);
      const e = cardFlowError(event.error);
      if (e.code === '121009') return { fieldErrors: { amount: e.message }, error: null };
      if (e.code === '121010') return { fieldErrors: { triggerAmount: e.message }, error: null };
      return { error: e.message, fieldErrors: {} };
    }),
    assignSaved: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.createAutoReload', 'xstate.done.actor.disableAutoReload', 'xstate.done.actor.updateAutoReload']);
      const r = event.output as AutoReloadResult;
      return { profile: { ...r, status: r.isActive ? ('active' as const) : ('disabled' as const), lastErrorCode: null, lastFiredAt: null }, notice: r.isActive ? `${CardMessages.autoReloadOn}: ${formatCents(r.amount)} when under ${formatCents(r.triggerAmount)}` : CardMessages.autoReloadOff };
    }),
  },
}).createMachine({
  id: 'autoReload',
  description: 'Turn auto reload on, change it, or turn it off; submitting decides between create, update, disable and no change.',
  meta: { title: 'Auto reload (#auto-reload)', spec: '2 §3 auto-reload form, §4 Auto reload, §5, §8 121009/121010' },
  context: { cardId: '', profile: null, methods: [], enabled: false, amount: '', triggerAmount: '', paymentMethodId: null, error: null, fieldErrors: {}, notice: null, destination: null },
  entry: 'applyInput',
  initial: 'editing',
  states: {
    editing: {
      description: 'The toggle; when on, the amount, trigger and payment fields.',
      on: {
        'user.toggle': { actions: 'assignEnabled' },
        'user.setAmount': { actions: 'assignAmount' },
        'user.setTrigger': { actions: 'assignTrigger' },
        'user.selectMethod': { actions: 'assignMethod' },
        'user.addPaymentMethod': { target: 'noPaymentMethod', actions: 'toPaymentMethods' },
        'user.submit': { target: 'deciding' },
        'user.close': { target: 'closed' },
      },
    },
    deciding: {
      description: 'Which of the four outcomes this submit is.',
      always: [
        { guard: 'disabledWithoutProfile', target: 'unchanged' },
        { guard: 'disabledWithProfile', target: 'disabling' },
        { guard: 'missingMethod', target: 'editing', actions: 'assignMissingMethod' },
        { guard: 'enabledWithoutProfile', target: 'creating' },
        { guard: 'enabledWithProfile', target: 'updating' },
      ],
    },
    creating: {
      description: 'CREATE_AUTO_RELOAD.',
      tags: ['loading'],
      invoke: { id: 'createAutoReload', src: 'createAutoReload', input: createAutoReloadRequest, onDone: { target: 'saved', actions: ['assignSaved', 'notify'] }, onError: { target: 'editing', actions: 'assignError' } },
    },
    updating: {
      description: 'UPDATE_AUTO_RELOAD.',
      tags: ['loading'],
      invoke: { id: 'updateAutoReload', src: 'updateAutoReload', input: updateAutoReloadRequest, onDone: { target: 'saved', actions: ['assignSaved', 'notify'] }, onError: { target: 'editing', actions: 'assignError' } },
    },
    disabling: {
      description: 'DISABLE_AUTO_RELOAD.',
      tags: ['loading'],
      invoke: { id: 'disableAutoReload', src: 'disableAutoReload', input: disableAutoReloadRequest, onDone: { target: 'saved', actions: ['assignSaved', 'notify'] }, onError: { target: 'editing', actions: 'assignError' } },
    },
    unchanged: { description: 'Disabled and no profile: nothing to send; the modal closes.', entry: 'close', type: 'final' },
    saved: { description: 'Saved: the modal closes, the result is stored, a notification says on or off.', entry: 'close', type: 'final' },
    noPaymentMethod: { description: 'No payment instrument chosen: go to the payment-method page.', tags: ['redirecting'], entry: 'redirect', type: 'final' },
    closed: { entry: 'close', type: 'final' },
  },
});
