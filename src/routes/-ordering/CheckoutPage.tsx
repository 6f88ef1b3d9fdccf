import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useRouterState, Link } from '@tanstack/react-router';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { assertEvent } from 'xstate';
import { placeOrderMachine, type PaymentChoice } from '../../../machines/place-order.machine.ts';
import type { TimeSlot } from '../../../contracts/ordering.ts';
import { useRedirect } from '../../services/redirect.ts';
import { useAppActors } from '../../services/app-actors.tsx';
import { configQuery } from '../../services/config.ts';
import { defaultLocale } from '../../services/format.ts';
import { clearGuestCard, clearGuestPayment, readGuestDetails, readGuestPayment, saveGuestDetails } from '../../services/guest-payment.ts';
import { cartItemsInput, checkoutActors, sameItems, guestPaymentChoices, offersQuery, startingOffers, pickupEstimateQuery, timeSlotsQuery, walletQuery } from '../../services/ordering/checkout.actors.ts';
import { rememberLastOrder } from '../../services/ordering.actors.ts';
import { CartView } from '../../views/ordering/CartView.tsx';
import { CheckoutView } from '../../views/ordering/CheckoutView.tsx';
import { useCart } from './use-cart.ts';
import { asFlowError } from '../../../machines/flow.ts';
import type { CartItem } from '../../../machines/ordering-types.ts';
import { useStoreStock, useSubstitutes } from './use-store-stock.ts';
// its own module: the cart does not load the product page's view for it (first-load weight, issue 30)
import { TryInstead } from '../../views/ordering/TryInstead.tsx';

/** 'Try instead' under a sold-out item of the bag (issue 29) */
function CartSubstitutes({ productNumber }: { productNumber: number }) {
  return <TryInstead products={useSubstitutes(productNumber, true)} headingLevel={3} />;
}

/** /menu/cart and /menu/cart/guest/checkout: the bag, then pricing and the #payment-summary modal. */
export function CheckoutPage({ guest, offer }: { guest: boolean; offer?: string }) {
  const cart = useCart();
  // the store's live stock: a sold-out switch marks the bag's item before paying (the checkout then prices again)
  useStoreStock();
  const { selectedStore } = useAppActors();
  const location = useSelector(selectedStore, (s) => s.context.location);
  const empty = useSelector(cart, (s) => s.context.items.filter((i) => i.availability === 'Available').length === 0);
  // the route's loader fetched the wallet (loadCheckout): read again on mount only when that answer is not from now
  const wallet = useQuery({ ...walletQuery, enabled: !guest, refetchOnMount: (q) => Date.now() - q.state.dataUpdatedAt > 5_000 });
  // the single-use card the guest payment pages stored (read once per visit; the machine drops it when it times out)
  const [guestPayments] = useState(() => (guest ? guestPaymentChoices(readGuestPayment()) : []));
  // the machine takes the store's time slots as input: wait for them (a failed read gives no slots: as soon as possible)
  const slots = useQuery({ ...timeSlotsQuery(location?.store.storeNumber ?? ''), enabled: !!location });
  // ?offer= (the home stream's coupon 'Redeem'): the machine starts with it when the store's offers list it, so
  // a member's checkout waits for those offers (the loader usually has them); guests take no offers
  const wanted = guest ? undefined : offer;
  const offers = useQuery({ ...offersQuery(location?.store.storeNumber ?? ''), enabled: !!location && !!wanted });
  let checkout: React.ReactNode = null;
  if (!location)
    checkout = (
      <p className="order-notice">
        <Link to="/menu/store-locator" search={{ toCart: true }}>Choose a store</Link> to price your order.
      </p>
    );
  // balances must be current: 'Reload & place order' offers amounts from the card's balance
  else if (!empty && !slots.isPending && (guest || (wallet.data && !wallet.isFetching)) && !offers.isLoading)
    checkout = <Checkout guest={guest} storeNumber={location.store.storeNumber} slots={slots.data?.timeSlots ?? []} timeZone={slots.data?.timeZone ?? null} payments={guest ? guestPayments : wallet.data!.payments} reloadMethodId={guest ? null : wallet.data!.reloadMethodId} startOffers={startingOffers(wanted, offers.data)} />;
  return <CartView cart={cart} guest={guest} storeName={location?.store.name ?? null} checkout={checkout} substitutesFor={(productNumber) => <CartSubstitutes productNumber={productNumber} />} />;
}

function Checkout({ guest, storeNumber, slots, timeZone, payments, reloadMethodId, startOffers }: { guest: boolean; storeNumber: string; slots: TimeSlot[]; timeZone: string | null; payments: PaymentChoice[]; reloadMethodId: string | null; startOffers: string[] }) {
  const cart = useCart();
  const navigate = useNavigate();
  const { data: config } = useSuspenseQuery(configQuery);
  const queryClient = useQueryClient();
  const items = useSelector(cart, (s) => s.context.items);
  const input = useMemo(() => cartItemsInput(items), [items]);
  const estimate = useQuery(pickupEstimateQuery(storeNumber));
  const offers = useQuery({ ...offersQuery(storeNumber), enabled: !guest });
  const hash = useRouterState({ select: (s) => s.location.hash });
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // the machine's destination (add payment, the locator, the menu, the placed order), pushed as navigate did (Back returns)
  const redirect = useRedirect({ replace: false });
  const actor = useActorRef(
    placeOrderMachine.provide({
      actors: checkoutActors(),
      actions: {
        clearOffers: () => {},
        orderPlaced: ({ context }) => {
          const o = context.order?.order;
          if (!o) return;
          rememberLastOrder({ orderId: o.orderId, orderToken: o.orderToken, storeNumber: o.storeNumber, storeName: o.storeName, placedAt: o.placedAt, total: o.total, pickupOption: o.pickupOption, readyEstimateAt: o.readyEstimateAt, ...(timeZone ? { timeZone } : {}), reloaded: context.order?.card?.reloaded ?? 0, guest });
          if (guest) clearGuestPayment(); // the single-use card is used up
          cart.send({ type: 'cart.clear' });
          void queryClient.invalidateQueries({ queryKey: ['ordering'] });
        },
        forgetGuestCard: () => clearGuestCard(),
        // issue 30: what the guest typed survives the billing-address and card pages (this tab's sessionStorage)
        rememberGuest: ({ context }) => {
          if (context.guestDetails) saveGuestDetails(context.guestDetails);
        },
        // issue 29: submit refused items sold out (or gone) since pricing: the bag marks them, so the next pricing leaves them out
        // issue 30: pricing refused items the store does not sell or has sold out: the same marking, told apart
        // ('SoldOut' for the server's soldOut skus, else 'NotAvailableHere'); the bag names them with Remove
        markItemsUnavailable: ({ event }) => {
          assertEvent(event, ['xstate.error.actor.submitOrder', 'xstate.error.actor.priceOrder']);
          const { skus, soldOut } = asFlowError(event.error).body;
          if (!Array.isArray(skus)) return;
          const gone = new Set(skus.map(String));
          const sold = event.type === 'xstate.error.actor.submitOrder' ? gone : new Set(Array.isArray(soldOut) ? soldOut.map(String) : []);
          const current = cart.getSnapshot().context.items;
          const availability: Record<string, CartItem['availability']> = {};
          for (const i of current) availability[String(i.product.productNumber)] = gone.has(i.size.sku) ? (sold.has(i.size.sku) ? 'SoldOut' : 'NotAvailableHere') : (availability[String(i.product.productNumber)] ?? i.availability);
          cart.send({ type: 'cart.availability', availability });
        },
        redirect,
      },
    }),
    {
      input: {
        guest,
        storeNumber,
        items: input,
        offers: startOffers,
        pickupOption: '16',
        payments,
        reloadAmounts: config.cards.svcReloadOptions,
        reloadMethodId,
        slots,
        keyBase: typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random()).slice(2),
        locale: defaultLocale(),
        returnPath: pathname,
        guestDetails: guest ? readGuestDetails() : null,
      },
    },
  );
  // the checkout subscribes to the cart actor: when the items it would price differ from the machine's, they are
  // sent as cart.changed (the machine's input took the items at start)
  useEffect(() => {
    const follow = (items: typeof input) => {
      if (items.length && !sameItems(actor.getSnapshot().context.items, items)) actor.send({ type: 'cart.changed', items });
    };
    follow(cartItemsInput(cart.getSnapshot().context.items));
    const sub = cart.subscribe((s) => follow(cartItemsInput(s.context.items)));
    return () => sub.unsubscribe();
  }, [actor, cart]);
  useEffect(() => {
    if (actor.getSnapshot().context.storeNumber !== storeNumber) actor.send({ type: 'store.changed', storeNumber });
  }, [actor, storeNumber]);
  return (
    <CheckoutView
      actor={actor}
      brand={config.brand.product}
      offers={offers.data?.offers ?? []}
      estimate={estimate.data ?? null}
      summaryOpen={hash === 'payment-summary'}
      onOpenSummary={() => void navigate({ to: '.', hash: 'payment-summary', replace: false })}
      onCloseSummary={() => void navigate({ to: '.', hash: '', replace: true })}
    />
  );
}
