/**
 * The gift page (spec 3 section 2: /gift/{productNumber}, 3 steps signed in and 2 otherwise, #payment 'Choose
 * payment', PayPal dropped with several recipients, add-payment for members and guests; section 3 "Gift form"
 * fields and form state; section 4 "Gift purchase": success resets recipients to 1 and goes to /gift/confirmation,
 * 170046 closes the dialog with a heading and Got it, an expired guest token clears it and offers payment again,
 * the form is complete only when…; section 5 validation; section 8 giftFetchError; section 9 8 digits, 10
 * recipients). The two children (payment modal, purchase) are faked like any actor: the model sends their outputs.
 * Runs: member, guest, member back from add-payment (#payment with the kept form), a product number of 4 digits.
 */
import { expect } from 'vitest';
import { giftFormMachine, giftPurchaseRequest, loadGiftCardRequest, paymentChoiceRequest, type GiftFormContext, type PersistedGiftForm } from '../gift-form.machine.ts';
import { amountStepErrors, formErrors, recipientStepErrors } from '../gift-form-rules.ts';
import type { GiftProduct } from '../../contracts/gift.ts';
import { requestFakes } from './model.ts';
import { serverDown } from './account-fakes.ts';
import { done, fail, method } from './cards-fixtures.ts';
import { spyActions, type Flow, type Journey } from './flow.ts';
import { giftCatalogue } from './gift-fixtures.ts';

export const giftConfig = { giftAmountOptions: [1000, 2500, 5000, 10000], defaultGiftAmountOption: 2500, customAmountMin: 500, customAmountMax: 10000 };
export const birthday: GiftProduct = { productNumber: '11000001', altText: 'Birthday balloons', largeImageUrl: '/gift/art/birthday-balloons.svg', categoryUrn: 'birthday', available: true };
export const birthdayCake: GiftProduct = { productNumber: '11000002', altText: 'Birthday cake', largeImageUrl: '/gift/art/birthday-cake.svg', categoryUrn: 'birthday', available: true };
export const retired: GiftProduct = { productNumber: '19000099', altText: 'Retired holiday design', largeImageUrl: '/gift/art/retired.svg', categoryUrn: 'holiday', available: false };
const visa = method('pm_1', true);
const paypal = { ...method('pm_2'), paymentType: 'paypal' as const };
export const profile = { firstName: 'Avery', lastName: 'Demo', email: 'demo@example.com' };

const keptForm: PersistedGiftForm = {
  productNumber: '11000001',
  formData: {
    productNumber: '11000001',
    senderName: 'Avery Demo',
    senderEmail: 'demo@example.com',
    amount: 'custom',
    customAmount: '40',
    message: 'Cheers',
    recipients: [
      { id: 'r1', recipientName: 'Sam', recipientEmail: 'sam@example.com' },
      { id: 'r2', recipientName: 'Kim', recipientEmail: 'kim@example.com' },
    ],
  },
  numberOfRecipients: 2,
  selectedPaymentInstrumentId: 'pm_1',
};

export const formEvents = {
  loaded: done('loadGiftCard', birthday),
  loadedRetired: done('loadGiftCard', retired),
  notFound: fail('loadGiftCard', { status: 404, code: 'GIFT_NOT_FOUND', message: 'Could not find the card(s) you were looking for.' }),
  chooseCake: { type: 'user.chooseDesign', product: birthdayCake },
  chooseCustom: { type: 'user.changeCustomAmount', value: '40' },
  chooseFifty: { type: 'user.chooseAmount', amount: 5000 },
  message: { type: 'user.changeMessage', message: 'Happy birthday' },
  sender: { type: 'user.changeSender', senderName: 'Gia Guest', senderEmail: 'gia@example.com' },
  recipient1: { type: 'user.changeRecipient', id: 'r1', recipientName: 'Sam', recipientEmail: 'sam@example.com' },
  recipient2: { type: 'user.changeRecipient', id: 'r2', recipientName: 'Kim', recipientEmail: 'kim@example.com' },
  add: { type: 'user.addRecipient' },
  remove2: { type: 'user.removeRecipient', id: 'r2' },
  next: { type: 'user.next' },
  back: { type: 'user.back' },
  close: { type: 'user.closePayment' },
  gotIt: { type: 'user.dismissDuplicate' },
  retry: { type: 'user.retry' },
  pay: done('payment', { kind: 'pay', payment: { paymentType: 'visa', paymentInstrumentId: 'pm_1' }, selectedPaymentInstrumentId: 'pm_1' }),
  addPayment: done('payment', { kind: 'addPayment', selectedPaymentInstrumentId: 'pm_1' }),
  payPaypal: done('payment', { kind: 'pay', payment: { paymentType: 'paypal', paymentInstrumentId: 'pm_2' }, selectedPaymentInstrumentId: 'pm_2' }),
  addPaymentPaypal: done('payment', { kind: 'addPayment', selectedPaymentInstrumentId: 'pm_2' }),
  paymentBroke: fail('payment', new Error('payment modal stopped')),
  succeeded: done('purchase', { status: 'success', requestId: 'page-1-0', orderNumber: 'G00000000042' }),
  duplicate: done('purchase', { status: 'duplicate' }),
  tokenExpired: done('purchase', { status: 'paymentExpired' }),
  pending: done('purchase', { status: 'pending', requestId: 'page-1-0' }),
  failed: done('purchase', { status: 'failed', code: 'GIFT_ORDER_FAILED', message: "Your order didn't go through and you weren't charged. Try again or use another payment method." }),
  purchaseBroke: fail('purchase', serverDown),
} as const;
const E = formEvents;

type Snap = { value: unknown; context: GiftFormContext };
// abstract: the state, 1 or several recipients, which steps are valid, whether errors show, a first or later attempt
const serializeState = (s: Snap) => {
  const c = s.context;
  return JSON.stringify([s.value, Math.min(c.numberOfRecipients, 2), Object.keys(amountStepErrors(c.formData, c.config)).length, Object.keys(recipientStepErrors(c.formData)).length, Object.keys(c.errors).length > 0, Math.min(c.attempt, 1)]);
};

const member = { productNumber: '11000001', locale: 'en-US', signedIn: true, profile, config: giftConfig, restored: null, openPayment: false, zeroRetries: false, keyBase: 'page-1', methods: [visa, paypal], guestPayment: { status: 'none' } };
const RUNS: Record<string, object> = {
  member,
  guest: { ...member, signedIn: false, profile: null, methods: [] },
  'member back from add-payment': { ...member, restored: keptForm, openPayment: true },
  'not 8 digits': { ...member, productNumber: '1234' },
};

// paths to the member's payment modal and the guest's
const toMemberPayment = [E.loaded, E.next, E.recipient1, E.next];
const toGuestPayment = [E.loaded, E.sender, E.recipient1, E.next];
const journeys: Journey[] = [
  { name: 'a member: amount, recipients, payment, success (recipients back to 1, /gift/confirmation)', events: [E.loaded, E.chooseFifty, E.message, E.next, E.recipient1, E.add, E.recipient2, E.next, E.pay, E.succeeded], ends: 'confirmed' },
  { name: 'a guest: details, payment, success', run: 'guest', events: [...toGuestPayment, E.pay, E.succeeded], ends: 'confirmed' },
  { name: 'each form message on the empty steps', events: [E.loadedRetired, E.next, E.chooseCake, E.next, E.next], ends: 'editing.recipients' },
  { name: 'a guest submits an empty form', run: 'guest', events: [E.loaded, E.next], ends: 'editing.details' },
  { name: 'the 11th recipient is refused', events: [E.loaded, ...Array.from({ length: 10 }, () => E.add)], ends: 'editing.amount' },
  { name: 'add-payment keeps the form and leaves', events: [...toMemberPayment, E.addPayment], ends: 'addingPayment' },
  { name: 'back from add-payment, #payment reopens with the kept form', run: 'member back from add-payment', events: [E.loaded, E.pay, E.succeeded], ends: 'confirmed' },
  { name: '170046, Got it returns to the recipients', events: [...toMemberPayment, E.pay, E.duplicate, E.gotIt], ends: 'editing.recipients' },
  { name: '170046 for a guest returns to the details', run: 'guest', events: [...toGuestPayment, E.pay, E.duplicate, E.gotIt], ends: 'editing.details' },
  { name: 'an expired guest token reopens payment', run: 'guest', events: [...toGuestPayment, E.pay, E.tokenExpired], ends: 'payment' },
  { name: 'a failure, Try again reopens payment', events: [...toMemberPayment, E.pay, E.failed, E.retry], ends: 'payment' },
  { name: 'zero-retries or the cap: still processing', events: [...toMemberPayment, E.pay, E.pending], ends: 'processing' },
  { name: 'an unknown design: back to /gift with the toast', events: [E.notFound], ends: 'notFound' },
  { name: 'a product number of 4 digits is not asked for', run: 'not 8 digits', events: [], ends: 'notFound' },
  { name: 'closing the modal returns to the recipients', events: [...toMemberPayment, E.close], ends: 'editing.recipients' },
  // each field of the form, and what a step keeps or clears (spec 3 section 3 "Gift form", section 5)
  { name: 'a member chooses $50 and pays', events: [E.loaded, E.chooseFifty, E.next, E.recipient1, E.next, E.pay], ends: 'purchasing' },
  { name: 'a custom amount', events: [E.loaded, E.chooseCustom], ends: 'editing.amount' },
  { name: 'a message', events: [E.loaded, E.message], ends: 'editing.amount' },
  { name: 'a second recipient added and removed', events: [E.loaded, E.add, E.remove2], ends: 'editing.amount' },
  { name: 'the only recipient cannot be removed', events: [E.loaded, E.remove2], ends: 'editing.amount' },
  { name: 'back from the recipients to the amount', events: [E.loaded, E.next, E.back], ends: 'editing.amount' },
  { name: 'the recipients step shows its errors, then goes on without them', events: [E.loaded, E.next, E.next, E.recipient1, E.next], ends: 'payment' },
  { name: 'the details step shows its errors, then goes on without them', run: 'guest', events: [E.loaded, E.next, E.sender, E.recipient1, E.next], ends: 'payment' },
  { name: 'a guest closes the modal: back to the details', run: 'guest', events: [...toGuestPayment, E.close], ends: 'editing.details' },
  { name: 'add-payment with PayPal chosen keeps that choice', events: [...toMemberPayment, E.addPaymentPaypal], ends: 'addingPayment' },
  { name: 'the payment modal breaks: back to the recipients with the error', events: [...toMemberPayment, E.paymentBroke], ends: 'editing.recipients' },
  { name: "a guest's payment modal breaks: back to the details", run: 'guest', events: [...toGuestPayment, E.paymentBroke], ends: 'editing.details' },
  { name: 'an expired guest token: the next purchase is a new request', run: 'guest', events: [...toGuestPayment, E.pay, E.tokenExpired, E.pay], ends: 'purchasing' },
  { name: 'a failure, Try again: a new request', events: [...toMemberPayment, E.pay, E.failed, E.retry, E.pay], ends: 'purchasing' },
  { name: 'a failed guest purchase forgets the card', run: 'guest', events: [...toGuestPayment, E.pay, E.failed], ends: 'purchaseFailed' },
  { name: 'the purchase breaks, Try again: a new request', events: [...toMemberPayment, E.pay, E.purchaseBroke, E.retry, E.pay], ends: 'purchasing' },
  { name: 'a failure, closed: back to the recipients', events: [...toMemberPayment, E.pay, E.failed, E.close], ends: 'editing.recipients' },
  { name: 'a guest failure, closed: back to the details', run: 'guest', events: [...toGuestPayment, E.pay, E.failed, E.close], ends: 'editing.details' },
  { name: 'PayPal chosen for one recipient is dropped when a second is added', events: [...toMemberPayment, E.payPaypal, E.failed, E.close, E.add], ends: 'editing.recipients' },
  { name: '170046, Got it, paid again: a new request', events: [...toMemberPayment, E.pay, E.duplicate, E.gotIt, E.next, E.pay], ends: 'purchasing' },
];

export const giftFormFlow: Flow<typeof giftFormMachine> = {
  machine: giftFormMachine,
  table: {
    starting: { always: [{ guard: 'isProductNumberInvalid', to: 'notFound' }, 'loading'] },
    loading: { 'xstate.done.actor.loadGiftCard': 'restoring', 'xstate.error.actor.loadGiftCard': 'notFound' },
    restoring: { always: [{ guard: 'shouldReopenPayment', to: 'payment' }, { guard: 'isSignedIn', to: 'editing.amount' }, 'editing.details'] },
    editing: {
      'user.chooseDesign': null,
      'user.chooseAmount': null,
      'user.changeCustomAmount': null,
      'user.changeMessage': null,
      'user.changeSender': null,
      'user.addRecipient': { guard: 'canAddRecipient', to: null },
      'user.removeRecipient': { guard: 'canRemoveRecipient', to: null },
      'user.changeRecipient': null,
    },
    'editing.amount': { 'user.next': [{ guard: 'isAmountStepValid', to: 'editing.recipients' }, null] },
    'editing.recipients': { 'user.back': 'editing.amount', 'user.next': [{ guard: 'isRecipientStepValid', to: 'payment' }, null] },
    'editing.details': { 'user.next': [{ guard: 'isFormComplete', to: 'payment' }, null] },
    payment: {
      'xstate.done.actor.payment': [{ guard: 'choseAddPayment', to: 'addingPayment' }, 'purchasing'],
      'xstate.error.actor.payment': [{ guard: 'isSignedIn', to: 'editing.recipients' }, 'editing.details'],
      'user.closePayment': [{ guard: 'isSignedIn', to: 'editing.recipients' }, 'editing.details'],
    },
    purchasing: {
      'xstate.done.actor.purchase': [
        { guard: 'purchaseSucceeded', to: 'confirmed' },
        { guard: 'purchaseDuplicate', to: 'duplicateRecipient' },
        { guard: 'purchaseTokenExpired', to: 'payment' },
        { guard: 'purchasePending', to: 'processing' },
        'purchaseFailed',
      ],
      'xstate.error.actor.purchase': 'purchaseFailed',
    },
    duplicateRecipient: { 'user.dismissDuplicate': [{ guard: 'isSignedIn', to: 'editing.recipients' }, 'editing.details'] },
    purchaseFailed: { 'user.retry': 'payment', 'user.closePayment': [{ guard: 'isSignedIn', to: 'editing.recipients' }, 'editing.details'] },
  },
  sees: {
    loading: { tags: ['loading'] },
    notFound: { message: 'Could not find the card(s) you were looking for.' },
    purchasing: { tags: ['loading'] },
    duplicateRecipient: { tags: ['error'], message: 'Each recipient needs their own email' },
    purchaseFailed: { tags: ['error'] },
    processing: { message: "Your gift is still being processed. We'll email you a receipt when it's sent." },
  },
  effects: {
    '* -> notFound': ['notify:toast/error/giftFetchError', 'redirect'],
    '* -> addingPayment': ['persistForm', 'redirect'],
    '* -> confirmed': ['clearPersistedForm', 'storeConfirmation', 'clearGuestPayment', 'redirect'],
    'xstate.done.actor.purchase -> payment': ['clearGuestCard'],
  },
  journeys,
  catalogue: giftCatalogue,
  arrange(machine) {
    const fakes = requestFakes({ loadGiftCard: loadGiftCardRequest, giftPayment: paymentChoiceRequest, giftPurchase: giftPurchaseRequest });
    const spy = spyActions(['notify', 'redirect', 'persistForm', 'clearPersistedForm', 'storeConfirmation', 'clearGuestCard', 'clearGuestPayment'] as const);
    // per path: the recipients before this step, whether the recipients step showed before it, purchases started
    let recipientsBefore = 0;
    let wasRecipients = false;
    let purchases = 0;
    let paidWith = '';
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: Object.entries(RUNS).map(([name, input]) => ({ name, options: { events: Object.values(formEvents) as never, input: input as never, serializeState: serializeState as never } })),
      onStep(s, event, run) {
        const c = s.context;
        const signedIn = run !== 'guest';
        const ev = event as unknown as { type: string; amount?: number; message?: string; output?: { selectedPaymentInstrumentId?: string | null } };
        if (event.type === 'xstate.init') [recipientsBefore, wasRecipients, purchases] = [c.numberOfRecipients, false, 0];
        // the fields (spec 3 section 3): an amount option, a custom amount in dollars, the message, recipients added
        // and removed one at a time (1 to 10; the last one stays)
        if (ev.type === 'user.chooseAmount') expect(c.formData.amount).toBe(ev.amount);
        if (ev.type === 'user.changeCustomAmount') expect([c.formData.amount, c.formData.customAmount]).toEqual(['custom', '40']);
        if (ev.type === 'user.changeMessage') expect(c.formData.message).toBe(ev.message);
        if (ev.type === 'user.addRecipient') expect(c.numberOfRecipients).toBe(Math.min(10, recipientsBefore + 1));
        if (ev.type === 'user.removeRecipient') expect([c.numberOfRecipients, c.formData.recipients.some((r) => r.id === 'r2')]).toEqual([Math.max(1, recipientsBefore - 1), false]);
        recipientsBefore = c.numberOfRecipients;
        // Next on the recipients step shows that step's errors; a step passed shows none
        if (ev.type === 'user.next' && s.matches({ editing: 'recipients' }) && wasRecipients) expect(c.errors).toEqual(recipientStepErrors(c.formData));
        wasRecipients = s.matches({ editing: 'recipients' });
        if (s.matches('payment') && ev.type === 'user.next') expect(c.errors).toEqual({});
        // the modal's choice is kept (PayPal too: add-payment comes back to it); a broken modal is the generic error
        if (ev.type === 'xstate.done.actor.payment') paidWith = (ev.output as { payment?: { paymentType: string } }).payment?.paymentType ?? paidWith;
        if (ev.type === 'xstate.done.actor.payment') expect(c.selectedPaymentInstrumentId).toBe(ev.output!.selectedPaymentInstrumentId);
        if (ev.type === 'xstate.error.actor.payment') expect(c.giftError?.code).toBe('UNEXPECTED_ERROR');
        // a failed charge does not reuse the guest's single-use card
        if (ev.type === 'xstate.done.actor.purchase' && s.matches('purchaseFailed') && run === 'guest') expect(c.guestPayment).toEqual({ status: 'none' });
        if (event.type === 'xstate.init') {
          if (run === 'member back from add-payment') expect([c.formData, c.numberOfRecipients, c.selectedPaymentInstrumentId]).toEqual([keptForm.formData, 2, 'pm_1']);
          else expect([c.formData.senderName, c.formData.senderEmail, c.formData.amount, c.numberOfRecipients]).toEqual([signedIn ? 'Avery Demo' : '', signedIn ? 'demo@example.com' : '', 2500, 1]);
        }
        if (s.matches('loading')) expect(fakes.last('loadGiftCard')).toEqual({ productNumber: '11000001', locale: 'en-US' });
        if (event.type === 'xstate.done.actor.loadGiftCard') expect([c.product, c.formData.productNumber]).toEqual((event as unknown as { output: GiftProduct }).output.available ? [birthday, '11000001'] : [retired, '']);
        if (s.matches('notFound')) expect(c.destination).toBe('/gift');
        // the steps: 3 signed in, 2 otherwise
        if (s.matches('editing')) expect(s.matches(signedIn ? { editing: 'details' } : { editing: 'amount' })).toBe(false);
        expect(c.numberOfRecipients).toBe(c.formData.recipients.length);
        expect(c.numberOfRecipients).toBeLessThanOrEqual(10);
        if (event.type === 'user.next' && s.matches({ editing: 'amount' }))
          expect(c.errors).toEqual(c.formData.productNumber ? {} : { productNumber: 'giftDesignMissing' });
        if (event.type === 'user.next' && s.matches({ editing: 'recipients' }) && Object.keys(c.errors).length) expect(c.errors).toEqual(recipientStepErrors(c.formData));
        if (event.type === 'user.next' && s.matches({ editing: 'details' })) expect(c.errors).toEqual(formErrors(c.formData, giftConfig));
        if (event.type === 'user.addRecipient' && c.numberOfRecipients > 1) expect(c.selectedPaymentInstrumentId === 'pm_2').toBe(false);
        if (s.matches('payment'))
          expect(fakes.last('giftPayment')).toEqual({ signedIn, methods: signedIn ? [visa, paypal] : [], guestPayment: c.guestPayment, recipientCount: c.numberOfRecipients, selectedPaymentInstrumentId: c.selectedPaymentInstrumentId, notice: c.notice });
        if (s.matches('purchasing')) {
          const sent = fakes.last('giftPurchase') as { request: { requestId: string; egifts: unknown[]; totalAmount: { amount: number } }; zeroRetries: boolean };
          // a new request id per attempt (spec 3 section 4), the payment the modal chose
          expect(sent.request.requestId).toBe(`page-1-${purchases++}`);
          expect((sent.request as unknown as { paymentType: string }).paymentType).toBe(paidWith);
          expect(sent.request.egifts).toHaveLength(c.numberOfRecipients);
          expect(sent.zeroRetries).toBe(false);
        }
        if (s.matches('confirmed')) {
          expect([c.numberOfRecipients, c.formData.recipients, c.destination]).toEqual([1, [{ id: 'r1', recipientName: '', recipientEmail: '' }], '/gift/confirmation']);
          expect(c.confirmation).toMatchObject({ deliveryMethod: 'EMAIL', requestId: 'page-1-0', orderNumber: 'G00000000042', product: c.formData.productNumber });
        }
        if (s.matches('addingPayment')) expect(c.destination).toBe(signedIn ? '/account/payment-method?returnUrl=%2Fgift%2F11000001%23payment' : '/account/payment-method/add/billing-address?returnUrl=%2Fgift%2F11000001%23payment');
        if (s.matches('duplicateRecipient')) expect([c.purchaseStatus, c.attempt > 0]).toEqual(['170046', true]);
        if (event.type === 'xstate.done.actor.purchase' && s.matches('payment')) expect([c.notice, c.guestPayment, c.purchaseStatus]).toEqual(['tokenExpired', { status: 'expired' }, 'PAYMENT_TOKEN_EXPIRED']);
        if (s.matches('purchaseFailed'))
          expect(c.giftError).toEqual(
            event.type === 'xstate.error.actor.purchase'
              ? { code: 'UNEXPECTED_ERROR', message: 'Something went wrong. Please try again.' }
              : { code: 'GIFT_ORDER_FAILED', message: "Your order didn't go through and you weren't charged. Try again or use another payment method." },
          );
        if (s.matches('processing')) expect(c.purchaseStatus).toBe('EPROMISERETRY');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        // the request a member sends for a custom $40 to two recipients (the kept form)
        expect(fakes.distinct('giftPurchase')).toContainEqual({
          request: {
            requestId: 'page-1-0',
            orderSource: 'web',
            locale: 'en-US',
            currency: 'USD',
            paymentType: 'visa',
            paymentInstrumentId: 'pm_1',
            senderEmail: 'demo@example.com',
            senderName: 'Avery Demo',
            egifts: [
              { recipientEmail: 'sam@example.com', recipientName: 'Sam', deliveryMethod: 'EMAIL', product: { productNumber: '11000001' }, message: 'Cheers', amount: { amount: 4000, currency: 'USD' } },
              { recipientEmail: 'kim@example.com', recipientName: 'Kim', deliveryMethod: 'EMAIL', product: { productNumber: '11000001' }, message: 'Cheers', amount: { amount: 4000, currency: 'USD' } },
            ],
            totalAmount: { amount: 8000, currency: 'USD' },
          },
          zeroRetries: false,
        });
      },
    };
  },
};
