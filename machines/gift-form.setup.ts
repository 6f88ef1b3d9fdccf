/**
 * The gift form's types, request builders and `setup` (implementations), kept apart so gift-form.machine.ts holds
 * the statechart (docs/gifting.md 2.2; place-order does the same).
 */
import { setup, assign, assertEvent, fromPromise, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { PaymentMethod } from '../contracts/card-fields.ts';
import { PATHS, pathTo } from './app-paths.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import type { GiftMessageKey, GiftProduct, GiftPurchaseRequest } from '../contracts/gift.ts';
import {
  amountCents,
  amountStepErrors,
  emptyRecipient,
  formErrors,
  GIFT_PRODUCT_NUMBER,
  giftTotal,
  INITIAL_RECIPIENTS,
  isComplete,
  MAX_RECIPIENTS,
  nextRecipientId,
  recipientStepErrors,
  type GiftAmountConfig,
  type GiftFormData,
  type GiftFormErrors,
} from './gift-form-rules.ts';
import { giftPaymentMachine, type GiftGuestPayment, type GiftPayment, type GiftPaymentInput, type GiftPaymentOutput } from './gift-payment.machine.ts';
import { giftPurchaseMachine, type GiftPurchaseInput, type GiftPurchaseOutput } from './gift-purchase.machine.ts';

export const GIFT_DELIVERY_METHOD = 'EMAIL';

/** what the form keeps in sessionStorage across add-payment (docs/gifting.md 1 "Form kept across add-payment") */
export interface PersistedGiftForm {
  productNumber: string;
  formData: GiftFormData;
  numberOfRecipients: number;
  selectedPaymentInstrumentId: string | null;
}
/** spec 3 "Purchase confirmation" (+ the order number) */
export interface GiftConfirmation {
  amount: number;
  deliveryMethod: string;
  message: string;
  numberOfRecipients: number;
  product: string;
  totalAmount: number;
  requestId: string;
  orderNumber: string;
  recipients: Array<{ recipientName: string; recipientEmail: string }>;
  altText: string;
  largeImageUrl: string;
}
export interface GiftProfile {
  firstName: string;
  lastName: string;
  email: string;
}
export interface GiftFormInput {
  productNumber: string;
  locale: string;
  signedIn: boolean;
  profile: GiftProfile | null;
  config: GiftAmountConfig;
  restored: PersistedGiftForm | null;
  openPayment: boolean;
  zeroRetries: boolean;
  /** one random id per page opening; a purchase's requestId is `${keyBase}-${attempt}` */
  keyBase: string;
  methods: PaymentMethod[];
  guestPayment: GiftGuestPayment;
}
export interface GiftFormContext extends Omit<GiftFormInput, 'restored' | 'profile'> {
  formData: GiftFormData;
  numberOfRecipients: number;
  purchaseStatus: string | null;
  product: GiftProduct | null;
  errors: GiftFormErrors;
  selectedPaymentInstrumentId: string | null;
  payment: GiftPayment | null;
  attempt: number;
  giftError: { code: string; message: string } | null;
  notice: 'tokenExpired' | null;
  confirmation: GiftConfirmation | null;
  destination: string | null;
}
export type GiftFormEvent =
  | { type: 'user.chooseDesign'; product: GiftProduct }
  | { type: 'user.chooseAmount'; amount: number | 'custom' }
  | { type: 'user.changeCustomAmount'; value: string }
  | { type: 'user.changeMessage'; message: string }
  | { type: 'user.changeSender'; senderName?: string; senderEmail?: string }
  | { type: 'user.addRecipient' }
  | { type: 'user.removeRecipient'; id: string }
  | { type: 'user.changeRecipient'; id: string; recipientName?: string; recipientEmail?: string }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.closePayment' }
  | { type: 'user.dismissDuplicate' }
  | { type: 'user.retry' }
  | DoneActorEvent<GiftProduct, 'loadGiftCard'>
  | ErrorActorEvent<unknown, 'loadGiftCard'>
  | DoneActorEvent<GiftPaymentOutput, 'payment'>
  | ErrorActorEvent<unknown, 'payment'>
  | DoneActorEvent<GiftPurchaseOutput, 'purchase'>
  | ErrorActorEvent<unknown, 'purchase'>;

export interface LoadGiftCardInput {
  productNumber: string;
  locale: string;
}
export function loadGiftCardRequest({ context }: { context: Pick<GiftFormContext, 'productNumber' | 'locale'> }): LoadGiftCardInput {
  if (!GIFT_PRODUCT_NUMBER.test(context.productNumber)) throw new Error('loadGiftCard: not an 8-digit product number');
  return { productNumber: context.productNumber, locale: context.locale };
}
export function paymentChoiceRequest({ context }: { context: Pick<GiftFormContext, 'signedIn' | 'methods' | 'guestPayment' | 'numberOfRecipients' | 'selectedPaymentInstrumentId' | 'notice'> }): GiftPaymentInput {
  return {
    signedIn: context.signedIn,
    methods: context.methods,
    guestPayment: context.guestPayment,
    recipientCount: context.numberOfRecipients,
    selectedPaymentInstrumentId: context.selectedPaymentInstrumentId,
    notice: context.notice,
  };
}
/** the POST body (spec 7; docs/gifting.md 4), trimmed, amounts in cents */
export function giftPurchaseRequest({ context }: { context: Pick<GiftFormContext, 'formData' | 'config' | 'payment' | 'keyBase' | 'attempt' | 'zeroRetries'> }): GiftPurchaseInput {
  const f = context.formData;
  const amount = amountCents(f, context.config);
  if (!context.payment || amount === null) throw new Error('giftPurchase: no payment or no amount');
  const message = f.message.trim();
  const money = (cents: number) => ({ amount: cents, currency: 'USD' as const });
  const request: GiftPurchaseRequest = {
    requestId: `${context.keyBase}-${context.attempt}`,
    orderSource: 'web',
    locale: 'en-US',
    currency: 'USD',
    ...context.payment,
    senderEmail: f.senderEmail.trim(),
    senderName: f.senderName.trim(),
    egifts: f.recipients.map((r) => ({
      recipientEmail: r.recipientEmail.trim(),
      recipientName: r.recipientName.trim(),
      deliveryMethod: GIFT_DELIVERY_METHOD,
      product: { productNumber: f.productNumber },
      ...(message ? { message } : {}),
      amount: money(amount),
    })),
    totalAmount: money(giftTotal(f, context.config)),
  };
  return { request, zeroRetries: context.zeroRetries };
}

const DEFAULT_CONFIG: GiftAmountConfig = { giftAmountOptions: [1000, 2500, 5000, 10000], defaultGiftAmountOption: 2500, customAmountMin: 500, customAmountMax: 10000 };
/** a fresh form: the default amount, the sender from the profile, one empty recipient (spec 3, 9) */
export function initialForm(productNumber: string, config: GiftAmountConfig, profile: GiftProfile | null): GiftFormData {
  return {
    productNumber,
    senderName: profile ? `${profile.firstName} ${profile.lastName}`.trim() : '',
    senderEmail: profile?.email ?? '',
    amount: config.defaultGiftAmountOption,
    customAmount: '',
    message: '',
    recipients: [emptyRecipient('r1')],
  };
}
const recipientsCount = (f: GiftFormData) => f.recipients.length;
const withRecipients = (f: GiftFormData, recipients: GiftFormData['recipients']) => ({ formData: { ...f, recipients }, numberOfRecipients: recipients.length });
/** the purchase child's outcome (read only on its done event: any other throws) */
const purchaseOutput = (event: GiftFormEvent) => {
  assertEvent(event, 'xstate.done.actor.purchase');
  return event.output;
};
const isPaypalSelected = (c: Pick<GiftFormContext, 'methods' | 'selectedPaymentInstrumentId'>) => c.methods.some((m) => m.paymentMethodId === c.selectedPaymentInstrumentId && m.paymentType === 'paypal');

export const giftFormSetup = setup({
  types: { context: {} as GiftFormContext, events: {} as GiftFormEvent, input: {} as GiftFormInput },
  actors: {
    loadGiftCard: fromPromise<GiftProduct, LoadGiftCardInput>(async () => notProvided('loadGiftCard')),
    giftPayment: giftPaymentMachine,
    giftPurchase: giftPurchaseMachine,
  },
  guards: {
    isProductNumberInvalid: ({ context }) => !GIFT_PRODUCT_NUMBER.test(context.productNumber),
    shouldReopenPayment: ({ context }) => context.openPayment && isComplete(context.formData, context.config),
    isSignedIn: ({ context }) => context.signedIn,
    canAddRecipient: ({ context }) => recipientsCount(context.formData) < MAX_RECIPIENTS,
    canRemoveRecipient: ({ context, event }) => {
      assertEvent(event, 'user.removeRecipient');
      return recipientsCount(context.formData) > 1 && context.formData.recipients.some((r) => r.id === event.id);
    },
    isAmountStepValid: ({ context }) => Object.keys(amountStepErrors(context.formData, context.config)).length === 0,
    isRecipientStepValid: ({ context }) => Object.keys(recipientStepErrors(context.formData)).length === 0,
    isFormComplete: ({ context }) => isComplete(context.formData, context.config),
    choseAddPayment: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.payment');
      return event.output.kind === 'addPayment';
    },
    purchaseSucceeded: ({ event }) => purchaseOutput(event)?.status === 'success',
    purchaseDuplicate: ({ event }) => purchaseOutput(event)?.status === 'duplicate',
    purchaseTokenExpired: ({ event }) => purchaseOutput(event)?.status === 'paymentExpired',
    purchasePending: ({ event }) => purchaseOutput(event)?.status === 'pending',
  },
  actions: {
    // effects the route provides
    notify: (_, _params: { kind: 'toast'; tone: 'error'; message: GiftMessageKey }) => {},
    redirect: () => {},
    persistForm: () => {},
    clearPersistedForm: () => {},
    storeConfirmation: () => {},
    clearGuestCard: () => {},
    clearGuestPayment: () => {},
    applyInput: assign(({ event }) => {
      const i = inputOf<GiftFormInput>(event, {
        productNumber: '',
        locale: 'en-US',
        signedIn: false,
        profile: null,
        config: DEFAULT_CONFIG,
        restored: null,
        openPayment: false,
        zeroRetries: false,
        keyBase: 'gift-page',
        methods: [],
        guestPayment: { status: 'none' },
      });
      const restored = i.restored && i.restored.productNumber === i.productNumber ? i.restored : null;
      const formData = restored?.formData ?? initialForm(i.productNumber, i.config, i.profile);
      return {
        productNumber: i.productNumber,
        locale: i.locale,
        signedIn: i.signedIn,
        config: i.config,
        openPayment: i.openPayment && !!restored,
        zeroRetries: i.zeroRetries,
        keyBase: i.keyBase,
        methods: i.methods,
        guestPayment: i.guestPayment,
        formData,
        numberOfRecipients: formData.recipients.length,
        selectedPaymentInstrumentId: restored?.selectedPaymentInstrumentId ?? null,
      };
    }),
    assignProduct: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadGiftCard');
      // a retired design loads but is not chosen: 'Choose a Gift design' (docs/gifting.md 1)
      return { product: event.output, formData: { ...context.formData, productNumber: event.output.available ? event.output.productNumber : '' } };
    }),
    goToCatalog: assign({ destination: PATHS.gift }),
    goToAddPayment: assign(({ context }) => ({ destination: pathTo.giftAddPayment(context.signedIn, context.formData.productNumber || context.productNumber) })),
    goToConfirmation: assign({ destination: PATHS.giftConfirmation }),
    assignDesign: assign(({ context, event }) => {
      assertEvent(event, 'user.chooseDesign');
      return { product: event.product, formData: { ...context.formData, productNumber: event.product.available ? event.product.productNumber : '' } };
    }),
    assignAmount: assign(({ context, event }) => {
      assertEvent(event, 'user.chooseAmount');
      return { formData: { ...context.formData, amount: event.amount } };
    }),
    assignCustomAmount: assign(({ context, event }) => {
      assertEvent(event, 'user.changeCustomAmount');
      return { formData: { ...context.formData, amount: 'custom' as const, customAmount: event.value } };
    }),
    assignMessage: assign(({ context, event }) => {
      assertEvent(event, 'user.changeMessage');
      return { formData: { ...context.formData, message: event.message } };
    }),
    assignSender: assign(({ context, event }) => {
      assertEvent(event, 'user.changeSender');
      const f = context.formData;
      return { formData: { ...f, senderName: event.senderName ?? f.senderName, senderEmail: event.senderEmail ?? f.senderEmail } };
    }),
    addRecipient: assign(({ context }) => withRecipients(context.formData, [...context.formData.recipients, emptyRecipient(nextRecipientId(context.formData.recipients))])),
    dropPaypalIfSeveral: assign(({ context }) => (context.numberOfRecipients > 1 && isPaypalSelected(context) ? { selectedPaymentInstrumentId: null } : {})),
    removeRecipient: assign(({ context, event }) => {
      assertEvent(event, 'user.removeRecipient');
      return { ...withRecipients(context.formData, context.formData.recipients.filter((r) => r.id !== event.id)), errors: {} };
    }),
    assignRecipient: assign(({ context, event }) => {
      assertEvent(event, 'user.changeRecipient');
      const recipients = context.formData.recipients.map((r) =>
        r.id === event.id ? { ...r, recipientName: event.recipientName ?? r.recipientName, recipientEmail: event.recipientEmail ?? r.recipientEmail } : r,
      );
      return { formData: { ...context.formData, recipients } };
    }),
    clearErrors: assign({ errors: {}, giftError: null }),
    assignAmountStepErrors: assign(({ context }) => ({ errors: amountStepErrors(context.formData, context.config) })),
    assignRecipientStepErrors: assign(({ context }) => ({ errors: recipientStepErrors(context.formData) })),
    assignFormErrors: assign(({ context }) => ({ errors: formErrors(context.formData, context.config) })),
    assignPaymentChoice: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.payment');
      return { selectedPaymentInstrumentId: event.output.selectedPaymentInstrumentId };
    }),
    assignPayment: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.payment');
      const o = event.output;
      return o.kind === 'pay' ? { payment: o.payment, selectedPaymentInstrumentId: o.selectedPaymentInstrumentId, purchaseStatus: 'sending', giftError: null, notice: null } : {};
    }),
    assignUnexpected: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.payment', 'xstate.error.actor.purchase']);
      const e = asFlowError(event.error);
      return { giftError: { code: e.code, message: e.message }, purchaseStatus: e.code };
    }),
    assignConfirmation: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.purchase');
      const o = event.output;
      const f = context.formData;
      const amount = amountCents(f, context.config) ?? 0;
      return {
        purchaseStatus: 'success',
        confirmation: {
          amount,
          deliveryMethod: GIFT_DELIVERY_METHOD,
          message: f.message.trim(),
          numberOfRecipients: f.recipients.length,
          product: f.productNumber,
          totalAmount: giftTotal(f, context.config),
          requestId: o.status === 'success' ? o.requestId : '',
          orderNumber: o.status === 'success' ? o.orderNumber : '',
          recipients: f.recipients.map((r) => ({ recipientName: r.recipientName.trim(), recipientEmail: r.recipientEmail.trim() })),
          altText: context.product?.altText ?? '',
          largeImageUrl: context.product?.largeImageUrl ?? '',
        },
      };
    }),
    /** spec 4.4: recipients back to 1 */
    resetForm: assign(({ context }) => ({ ...withRecipients({ ...context.formData, message: '', customAmount: '' }, [emptyRecipient('r1')]), numberOfRecipients: INITIAL_RECIPIENTS, payment: null, errors: {} })),
    nextAttempt: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    assignDuplicate: assign({ purchaseStatus: '170046' }),
    assignPending: assign({ purchaseStatus: 'EPROMISERETRY' }),
    assignTokenExpired: assign({ notice: 'tokenExpired' as const, guestPayment: { status: 'expired' } as GiftGuestPayment, payment: null, purchaseStatus: 'PAYMENT_TOKEN_EXPIRED' }),
    assignGiftError: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.purchase');
      const o = event.output;
      return o.status === 'failed' ? { giftError: { code: o.code, message: o.message }, purchaseStatus: o.code } : {};
    }),
    /** a guest's single-use token is used up by a refused charge: ask for the card again */
    forgetGuestCardIfGuest: assign(({ context }) => (context.signedIn ? {} : { guestPayment: { status: 'none' } as GiftGuestPayment, payment: null })),
  },
});
