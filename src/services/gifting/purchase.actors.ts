/**
 * The gift form's real actors (docs/machines.md: each only sends its input): the design through the query cache
 * (15 minutes), the #payment modal (the giftPayment machine, clearing an expired guest card in the guest-payment
 * service) and the purchase (the giftPurchase machine with the POST and the status poll of gift.api.ts).
 * Also what the route reads to start the form: the guest's payment (docs/cards.md "Guest payment service").
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { GiftProduct, GiftPurchaseAccepted, GiftPurchaseRequest, GiftPurchaseStatus } from '../../../contracts/gift.ts';
import type { LoadGiftCardInput } from '../../../machines/gift-form.machine.ts';
import { giftPaymentMachine, type GiftGuestPayment } from '../../../machines/gift-payment.machine.ts';
import { giftPurchaseMachine, type PurchaseStatusInput } from '../../../machines/gift-purchase.machine.ts';
import { clearGuestCard, readGuestAddress, readGuestCard } from '../guest-payment.ts';
import { giftApi } from './gift.api.ts';
import { callGift } from './gift-errors.ts';
import { giftCardQuery } from './gift.queries.ts';

export function giftFormActors(queryClient: QueryClient) {
  return {
    loadGiftCard: fromPromise<GiftProduct, LoadGiftCardInput>(({ input }) => callGift(queryClient.fetchQuery(giftCardQuery(input.productNumber, input.locale)))),
    giftPayment: giftPaymentMachine.provide({ actions: { clearGuestCard: () => clearGuestCard() } }),
    giftPurchase: giftPurchaseMachine.provide({
      actors: {
        purchase: fromPromise<GiftPurchaseAccepted, GiftPurchaseRequest>(({ input, signal }) => giftApi.purchase(input, signal)),
        purchaseStatus: fromPromise<GiftPurchaseStatus, PurchaseStatusInput>(({ input, signal }) => giftApi.status(input, signal)),
      },
    }),
  };
}

/** the guest's single-use card and billing address as the payment modal takes them */
export function readGiftGuestPayment(): GiftGuestPayment {
  const card = readGuestCard();
  if (card.status !== 'fresh') return card;
  const address = readGuestAddress();
  return address ? { status: 'fresh', card: card.card, address: { addressToken: address.addressToken, address: address.address } } : { status: 'none' };
}
