import { setup, assign, assertEvent } from 'xstate';
import { GUEST_TOKEN_MAX_AGE_MS } from '../contracts/card-shared.ts';
import type { PaymentMethod, PaymentType, TokenizeResponse } from '../contracts/cards.ts';
import { inputOf } from './flow.ts';

/**
 * The gift's payment modal, `/gift/{n}#payment` (spec 3 section 2 'Choose payment', PayPal dropped with several
 * recipients, add-payment for members and guests; section 4.6 expired guest token; section 5 'A payment method is
 * required', guest brands; docs/gifting.md 2.3). A member picks a stored instrument (the default preselected); a
 * guest pays with the single-use card and billing address kept by the guest-payment service, expired after
 * 5 minutes. Ends with what to pay with, or the request to add a payment method (the form leaves for it).
 */
export interface GiftGuestAddress {
  addressToken: string;
  address: { firstName: string; lastName: string; postalCode: string };
}
export type GiftGuestPayment = { status: 'fresh'; card: TokenizeResponse; address: GiftGuestAddress } | { status: 'expired' } | { status: 'none' };
export interface GiftPaymentInput {
  signedIn: boolean;
  methods: PaymentMethod[];
  guestPayment: GiftGuestPayment;
  recipientCount: number;
  selectedPaymentInstrumentId: string | null;
  /** the form's re-entry after the server said the guest token expired (410 or async) */
  notice: 'tokenExpired' | null;
}
/** what a purchase is paid with (the POST body's payment fields, docs/gifting.md 4) */
export type GiftPayment = { paymentType: PaymentType; paymentInstrumentId: string } | { paymentType: PaymentType; paymentInstrumentToken: string; addressToken: string };
export type GiftPaymentOutput = { kind: 'pay'; payment: GiftPayment; selectedPaymentInstrumentId: string | null } | { kind: 'addPayment'; selectedPaymentInstrumentId: string | null };
export type GiftPaymentMessageKey = 'paymentMissing' | 'paypalRefused' | 'cardTokenExpired';

export interface GiftPaymentContext {
  signedIn: boolean;
  methods: PaymentMethod[];
  guestCard: TokenizeResponse | null;
  guestAddress: GiftGuestAddress | null;
  expired: boolean;
  recipientCount: number;
  selectedPaymentInstrumentId: string | null;
  error: GiftPaymentMessageKey | null;
  result: GiftPaymentOutput | null;
}
export type GiftPaymentEvent = { type: 'user.selectMethod'; paymentInstrumentId: string } | { type: 'user.buy' } | { type: 'user.addPayment' };

/** the id a purchase names a member's stored instrument by */
export const instrumentIdOf = (m: PaymentMethod) => m.paymentMethodId;
const isPaypal = (m: PaymentMethod | undefined) => m?.paymentType === 'paypal';
const methodOf = (context: Pick<GiftPaymentContext, 'methods'>, id: string | null) => context.methods.find((m) => instrumentIdOf(m) === id);

/** the preselection: the kept choice, else the default; never PayPal for several recipients (spec 2) */
export function initialSelection(methods: PaymentMethod[], kept: string | null, recipientCount: number): string | null {
  const usable = (m: PaymentMethod | undefined) => !!m && !(isPaypal(m) && recipientCount > 1);
  const keptMethod = methods.find((m) => instrumentIdOf(m) === kept);
  if (usable(keptMethod)) return kept;
  const def = methods.find((m) => m.default);
  return usable(def) ? instrumentIdOf(def!) : null;
}

/** the machine's output: what the form pays with, or that it leaves to add a payment method */
export function giftPaymentOutput({ context }: { context: GiftPaymentContext }): GiftPaymentOutput {
  return context.result ?? { kind: 'addPayment', selectedPaymentInstrumentId: context.selectedPaymentInstrumentId };
}

export const giftPaymentMachine = setup({
  types: { context: {} as GiftPaymentContext, events: {} as GiftPaymentEvent, input: {} as GiftPaymentInput, output: {} as GiftPaymentOutput },
  guards: {
    isGuestFresh: ({ context }) => !context.signedIn && !context.expired && !!context.guestCard && !!context.guestAddress,
    isGuestExpired: ({ context }) => !context.signedIn && context.expired,
    isGuest: ({ context }) => !context.signedIn,
    hasNoMethods: ({ context }) => context.methods.length === 0,
    isPaypalWithSeveral: ({ context, event }) => {
      assertEvent(event, 'user.selectMethod');
      return isPaypal(methodOf(context, event.paymentInstrumentId)) && context.recipientCount > 1;
    },
    hasSelection: ({ context }) => !!methodOf(context, context.selectedPaymentInstrumentId),
  },
  delays: {
    /** what is left of the guest card token's 5 minutes (spec 9) */
    guestTokenMaxAge: ({ context }) => Math.max(0, Date.parse(context.guestCard?.createdAt ?? '') + GUEST_TOKEN_MAX_AGE_MS - Date.now()) || 0,
  },
  actions: {
    clearGuestCard: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<GiftPaymentInput>(event, { signedIn: false, methods: [], guestPayment: { status: 'none' }, recipientCount: 1, selectedPaymentInstrumentId: null, notice: null });
      const g = i.guestPayment;
      return {
        signedIn: i.signedIn,
        methods: i.methods,
        recipientCount: i.recipientCount,
        guestCard: g.status === 'fresh' ? g.card : null,
        guestAddress: g.status === 'fresh' ? g.address : null,
        expired: g.status === 'expired' || i.notice === 'tokenExpired',
        selectedPaymentInstrumentId: i.signedIn ? initialSelection(i.methods, i.selectedPaymentInstrumentId, i.recipientCount) : null,
      };
    }),
    forgetGuestCard: assign({ guestCard: null }),
    assignSelection: assign(({ event }) => {
      assertEvent(event, 'user.selectMethod');
      return { selectedPaymentInstrumentId: event.paymentInstrumentId, error: null };
    }),
    assignPaypalRefused: assign({ error: 'paypalRefused' as const }),
    assignMissingPayment: assign({ error: 'paymentMissing' as const }),
    assignMemberPayment: assign(({ context }) => {
      const m = methodOf(context, context.selectedPaymentInstrumentId)!;
      return { result: { kind: 'pay' as const, payment: { paymentType: m.paymentType, paymentInstrumentId: instrumentIdOf(m) }, selectedPaymentInstrumentId: instrumentIdOf(m) } };
    }),
    assignGuestPayment: assign(({ context }) => ({
      result: { kind: 'pay' as const, payment: { paymentType: context.guestCard!.brand, paymentInstrumentToken: context.guestCard!.token, addressToken: context.guestAddress!.addressToken }, selectedPaymentInstrumentId: null },
    })),
  },
}).createMachine({
  id: 'giftPayment',
  description: "The gift's payment modal: a member's stored instrument, or a guest's single-use card and billing address.",
  meta: { title: 'Gift payment (#payment modal)', spec: "3 §2 'Choose payment', PayPal dropped with several recipients, add-payment; §4.6 expired token; §5 payment required, guest brands" },
  context: { signedIn: false, methods: [], guestCard: null, guestAddress: null, expired: false, recipientCount: 1, selectedPaymentInstrumentId: null, error: null, result: null },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'Guest with a fresh card, guest whose card expired, guest without one, member without methods, member.',
      always: [
        { guard: 'isGuestFresh', target: 'guestReady' },
        { guard: 'isGuestExpired', target: 'guestExpired', actions: ['clearGuestCard', 'forgetGuestCard'] },
        { guard: 'isGuest', target: 'guestMissing' },
        { guard: 'hasNoMethods', target: 'noMethods' },
        { target: 'choosing' },
      ],
    },
    choosing: {
      description: "A member's stored instruments, the default preselected (not PayPal for several recipients).",
      on: {
        'user.selectMethod': [{ guard: 'isPaypalWithSeveral', actions: 'assignPaypalRefused' }, { actions: 'assignSelection' }],
        'user.buy': [{ guard: 'hasSelection', target: 'chosen', actions: 'assignMemberPayment' }, { actions: 'assignMissingPayment' }],
        'user.addPayment': { target: 'addPayment' },
      },
    },
    noMethods: {
      description: 'A member without a stored instrument: add one.',
      meta: { message: 'paymentMissing' },
      on: { 'user.buy': { actions: 'assignMissingPayment' }, 'user.addPayment': { target: 'addPayment' } },
    },
    guestReady: {
      description: "The guest's single-use card (brand, last four) and billing name and ZIP, until the token is 5 minutes old.",
      after: { guestTokenMaxAge: { target: 'guestExpired', actions: ['clearGuestCard', 'forgetGuestCard'] } },
      on: { 'user.buy': { target: 'chosen', actions: 'assignGuestPayment' }, 'user.addPayment': { target: 'addPayment' } },
    },
    guestExpired: {
      description: 'The card token timed out (or the server said so): enter the card again.',
      meta: { message: 'cardTokenExpired' },
      on: { 'user.addPayment': { target: 'addPayment' }, 'user.buy': { actions: 'assignMissingPayment' } },
    },
    guestMissing: {
      description: 'A guest without a card yet: add billing address, then card.',
      on: { 'user.addPayment': { target: 'addPayment' }, 'user.buy': { actions: 'assignMissingPayment' } },
    },
    chosen: { description: 'Buy: the form purchases with this payment.', type: 'final' },
    addPayment: { description: 'Leave to add a payment method, coming back to #payment.', type: 'final' },
  },
  output: giftPaymentOutput,
});
