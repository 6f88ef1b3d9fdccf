import { giftFormSetup, giftPurchaseRequest, loadGiftCardRequest, paymentChoiceRequest } from './gift-form.setup.ts';

export { giftPurchaseRequest, loadGiftCardRequest, paymentChoiceRequest, initialForm } from './gift-form.setup.ts';
export type { GiftConfirmation, GiftFormContext, GiftFormEvent, GiftFormInput, GiftProfile, LoadGiftCardInput, PersistedGiftForm } from './gift-form.setup.ts';

/**
 * The gift page `/gift/{productNumber}` (spec 3 section 2, 3 "Gift form", 4 "Gift purchase", 5 "Gift form",
 * 9; docs/gifting.md 2.2): the design is loaded (exactly 8 digits, else 'Could not find the card(s) you were
 * looking for.' and back to /gift), then the form in steps, 3 for a member (amount and message, recipients,
 * payment) and 2 for a guest (gift details, payment); up to 10 recipients, live total; the #payment modal (the
 * giftPayment child) and the purchase (the giftPurchase child, polling). Success resets the recipients to 1 and
 * goes to /gift/confirmation; 170046 closes the dialog and shows its heading with Got it; an expired guest token
 * reopens payment; add-payment keeps the form in sessionStorage and comes back to #payment.
 */
export const giftFormMachine = giftFormSetup.createMachine({
  id: 'giftForm',
  description: 'Choose a design, amount, message and recipients, pay, and send the eGift.',
  meta: { title: 'Gift form and purchase', spec: '3 §2 /gift/{productNumber} and #payment, §3 Gift form, §4 Gift purchase, §5 Gift form, §8 Gifting, §9' },
  context: {
    productNumber: '',
    locale: 'en-US',
    signedIn: false,
    config: { giftAmountOptions: [], defaultGiftAmountOption: 0, customAmountMin: 0, customAmountMax: 0 },
    openPayment: false,
    zeroRetries: false,
    keyBase: 'gift-page',
    methods: [],
    guestPayment: { status: 'none' },
    formData: { productNumber: '', senderName: '', senderEmail: '', amount: 0, customAmount: '', message: '', recipients: [] },
    numberOfRecipients: 1,
    purchaseStatus: null,
    product: null,
    errors: {},
    selectedPaymentInstrumentId: null,
    payment: null,
    attempt: 0,
    giftError: null,
    notice: null,
    confirmation: null,
    destination: null,
  },
  entry: 'applyInput',
  initial: 'starting',
  states: {
    starting: {
      description: 'A product number that is not 8 digits is not asked for.',
      always: [{ guard: 'isProductNumberInvalid', target: 'notFound' }, { target: 'loading' }],
    },
    loading: {
      description: 'GET_DIGITAL_GIFT_CARD (cached 15 minutes).',
      tags: ['loading'],
      invoke: { id: 'loadGiftCard', src: 'loadGiftCard', input: loadGiftCardRequest, onDone: { target: 'restoring', actions: 'assignProduct' }, onError: { target: 'notFound' } },
    },
    notFound: {
      description: "'Could not find the card(s) you were looking for.' and back to /gift.",
      meta: { message: 'giftFetchError' },
      entry: [{ type: 'notify', params: { kind: 'toast', tone: 'error', message: 'giftFetchError' } }, 'goToCatalog', 'redirect'],
      type: 'final',
    },
    restoring: {
      description: 'Back from add-payment with a complete form: reopen #payment; else the first step.',
      always: [{ guard: 'shouldReopenPayment', target: 'payment' }, { guard: 'isSignedIn', target: 'editing.amount' }, { target: 'editing.details' }],
    },
    editing: {
      description: 'The form steps; every field can change in any step.',
      initial: 'amount',
      on: {
        'user.chooseDesign': { actions: 'assignDesign' },
        'user.chooseAmount': { actions: 'assignAmount' },
        'user.changeCustomAmount': { actions: 'assignCustomAmount' },
        'user.changeMessage': { actions: 'assignMessage' },
        'user.changeSender': { actions: 'assignSender' },
        'user.addRecipient': { guard: 'canAddRecipient', actions: ['addRecipient', 'dropPaypalIfSeveral'] },
        'user.removeRecipient': { guard: 'canRemoveRecipient', actions: 'removeRecipient' },
        'user.changeRecipient': { actions: 'assignRecipient' },
      },
      states: {
        amount: {
          description: 'Member step 1 of 3: design, amount (or custom), message.',
          meta: { step: 1 },
          on: { 'user.next': [{ guard: 'isAmountStepValid', target: 'recipients', actions: 'clearErrors' }, { actions: 'assignAmountStepErrors' }] },
        },
        recipients: {
          description: 'Member step 2 of 3: sender (from the profile) and recipients.',
          meta: { step: 2 },
          on: {
            'user.back': { target: 'amount' },
            'user.next': [{ guard: 'isRecipientStepValid', target: '#giftForm.payment', actions: 'clearErrors' }, { actions: 'assignRecipientStepErrors' }],
          },
        },
        details: {
          description: 'Guest step 1 of 2: every field.',
          meta: { step: 1 },
          on: { 'user.next': [{ guard: 'isFormComplete', target: '#giftForm.payment', actions: 'clearErrors' }, { actions: 'assignFormErrors' }] },
        },
      },
    },
    payment: {
      description: "The #payment modal, 'Choose payment' (the giftPayment child).",
      meta: { step: 'last' },
      invoke: {
        id: 'payment',
        src: 'giftPayment',
        input: paymentChoiceRequest,
        onDone: [
          { guard: 'choseAddPayment', target: 'addingPayment', actions: 'assignPaymentChoice' },
          { target: 'purchasing', actions: 'assignPayment' },
        ],
        onError: [
          { guard: 'isSignedIn', target: 'editing.recipients', actions: 'assignUnexpected' },
          { target: 'editing.details', actions: 'assignUnexpected' },
        ],
      },
      on: { 'user.closePayment': [{ guard: 'isSignedIn', target: 'editing.recipients' }, { target: 'editing.details' }] },
    },
    addingPayment: {
      description: 'Keep the form and go to add a payment method, coming back to #payment.',
      entry: ['persistForm', 'goToAddPayment', 'redirect'],
      type: 'final',
    },
    purchasing: {
      description: 'The purchase and its status polling (the giftPurchase child).',
      tags: ['loading'],
      invoke: {
        id: 'purchase',
        src: 'giftPurchase',
        input: giftPurchaseRequest,
        onDone: [
          { guard: 'purchaseSucceeded', target: 'confirmed', actions: ['assignConfirmation', 'resetForm', 'clearPersistedForm', 'storeConfirmation', 'clearGuestPayment'] },
          { guard: 'purchaseDuplicate', target: 'duplicateRecipient', actions: ['assignDuplicate', 'nextAttempt'] },
          { guard: 'purchaseTokenExpired', target: 'payment', actions: ['clearGuestCard', 'assignTokenExpired', 'nextAttempt'] },
          { guard: 'purchasePending', target: 'processing', actions: 'assignPending' },
          { target: 'purchaseFailed', actions: ['assignGiftError', 'nextAttempt', 'forgetGuestCardIfGuest'] },
        ],
        onError: { target: 'purchaseFailed', actions: ['assignUnexpected', 'nextAttempt'] },
      },
    },
    confirmed: {
      description: 'Sent: /gift/confirmation.',
      entry: ['goToConfirmation', 'redirect'],
      type: 'final',
    },
    duplicateRecipient: {
      description: '170046: the dialog closed; the heading with Got it.',
      tags: ['error'],
      meta: { message: 'giftDuplicateHeading' },
      on: { 'user.dismissDuplicate': [{ guard: 'isSignedIn', target: 'editing.recipients' }, { target: 'editing.details' }] },
    },
    purchaseFailed: {
      description: 'The mapped gift error; try again or close.',
      tags: ['error'],
      on: {
        'user.retry': { target: 'payment' },
        'user.closePayment': [{ guard: 'isSignedIn', target: 'editing.recipients' }, { target: 'editing.details' }],
      },
    },
    processing: {
      description: 'Zero-retries or the poll cap: still being processed; a receipt follows by email.',
      meta: { message: 'giftProcessing' },
      type: 'final',
    },
  },
});
