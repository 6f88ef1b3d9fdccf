/** Shared by the gift form's view tests: the form machine with its children's calls faked. */
import { createActor, fromPromise } from 'xstate';
import type { GiftProduct, GiftPurchaseAccepted, GiftPurchaseStatus } from '../../../contracts/gift.ts';
import type { PaymentMethod } from '../../../contracts/cards.ts';
import { giftFormMachine, type GiftFormInput } from '../../../machines/gift-form.machine.ts';
import { giftPaymentMachine } from '../../../machines/gift-payment.machine.ts';
import { giftPurchaseMachine } from '../../../machines/gift-purchase.machine.ts';

export const birthday: GiftProduct = { productNumber: '11000001', altText: 'Birthday eGift: balloons', largeImageUrl: '/gift/art/birthday-balloons.svg', categoryUrn: 'birthday', available: true };
export const visa: PaymentMethod = { paymentMethodId: 'pm_1', paymentMethodIdHash: 'h', paymentInstrumentId: 'pi_1', paymentType: 'visa', default: true, accountNumberLastFour: '4242', expMonth: 12, expYear: 2030, accountEmail: null, nickname: null, billingAddressId: 'ad_1' };
export const giftConfig = { giftAmountOptions: [1000, 2500, 5000, 10000], defaultGiftAmountOption: 2500, customAmountMin: 500, customAmountMax: 10000 };
export const statusOf = (code: string | null, orderNumber: string | null = null): GiftPurchaseStatus => ({ orderNumber, data: { context: { code, orderNumber } } });

/** a started form actor; `purchase` answers the POST, `statuses` answer the polls in turn */
export function startForm(opts: { signedIn: boolean; product?: GiftProduct; purchase?: () => Promise<GiftPurchaseAccepted>; statuses?: Array<() => Promise<GiftPurchaseStatus>>; input?: Partial<GiftFormInput> }) {
  const sent: unknown[] = [];
  let poll = 0;
  const machine = giftFormMachine.provide({
    actors: {
      loadGiftCard: fromPromise(async () => opts.product ?? birthday),
      giftPayment: giftPaymentMachine,
      giftPurchase: giftPurchaseMachine.provide({
        actors: {
          purchase: fromPromise(async ({ input }) => (sent.push(input), (opts.purchase ?? (async () => ({ delay: 0, requestId: 'page-1-0' })))())),
          purchaseStatus: fromPromise(async () => (opts.statuses?.[Math.min(poll++, opts.statuses.length - 1)] ?? (async () => statusOf(null, 'G00000000042')))()),
        },
      }),
    },
  });
  const actor = createActor(machine, {
    input: {
      productNumber: '11000001',
      locale: 'en-US',
      signedIn: opts.signedIn,
      profile: opts.signedIn ? { firstName: 'Avery', lastName: 'Demo', email: 'demo@example.com' } : null,
      config: giftConfig,
      restored: null,
      openPayment: false,
      zeroRetries: false,
      keyBase: 'page-1',
      methods: opts.signedIn ? [visa] : [],
      guestPayment: { status: 'none' },
      ...opts.input,
    },
  }).start();
  return { actor, sent };
}
