import { useMemo } from 'react';
import { createFileRoute, Link, useRouter } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { returnUrlOr, safeReturnUrl } from '../../contracts/return-url.ts';
import { creditCardMachine } from '../../machines/credit-card.machine.ts';
import { creditCardActors } from '../services/cards.actors.ts';
import { clearGuestCard, readGuestAddress, readGuestCard, saveGuestCard } from '../services/guest-payment.ts';
import { CreditCardView } from '../views/cards/CreditCardView.tsx';
import { thisMonth, useToast } from './-cards/card-page-hooks.ts';
import { ReturnUrlSearch } from './-account/search.ts';

/**
 * /account/payment-method/gift/guest/credit-card (guests; spec 2 §2, §6): a single-use card for an order or a gift.
 * The token goes to the guest-payment service (src/services/guest-payment.ts), where the checkout reads it;
 * ?returnUrl= (same-origin path) is where Continue goes: refused by validateSearch (which always names the key, so the
 * router's raw query cannot slip under it) and checked again where the link is rendered (issue 25).
 */
export const Route = createFileRoute('/account/payment-method/gift/guest/credit-card')({
  validateSearch: ReturnUrlSearch,
  component: GuestCreditCardPage,
});

function GuestCreditCardPage() {
  const returnUrl = safeReturnUrl(Route.useSearch().returnUrl) ?? undefined;
  const toast = useToast();
  const router = useRouter();
  // issue 30: only the checkout's return goes back at once (the gift form keeps its 'Continue', docs/gifting.md 1)
  const returnsToCheckout = !!returnUrl && returnUrl.startsWith('/menu/cart');
  // read once per visit: an expired token is cleared here and the page says so
  const stored = useMemo(() => readGuestCard(), []);
  const address = useMemo(() => readGuestAddress(), []);
  const actor = useActorRef(
    creditCardMachine.provide({
      actors: creditCardActors(),
      actions: {
        notify: ({ context }) => context.notice && toast('success', context.notice),
        storeGuestCard: ({ context }) => context.guestCard && saveGuestCard(context.guestCard),
        clearGuestCard: () => clearGuestCard(),
        // issue 30: sent by the checkout (?returnUrl=), 'Use this card' goes straight back to it with the card
        // (the checked return URL; inline rather than useRedirect: this page's first load stays within its budget)
        redirect: ({ context }) => {
          const href = safeReturnUrl(context.destination);
          if (href) queueMicrotask(() => void router.navigate({ href, replace: true }));
        },
      },
    }),
    { input: { mode: 'guest', stored, postalCode: address?.address.postalCode ?? null, today: thisMonth(), returnUrl: returnsToCheckout ? returnUrl : null } },
  );
  const aside = address ? (
    <p>
      Billing address: {address.address.firstName} {address.address.lastName}, {address.address.addressLine1}
      {address.address.addressLine2 ? `, ${address.address.addressLine2}` : ''}, {address.address.city}, {address.address.countrySubdivision} {address.address.postalCode}.{' '}
      <Link to="/account/payment-method/edit/billing-address" search={returnUrl ? { returnUrl } : {}}>
        Edit billing address
      </Link>
    </p>
  ) : (
    <p>
      <Link to="/account/payment-method/add/billing-address" search={returnUrl ? { returnUrl } : {}}>
        Add a billing address
      </Link>
    </p>
  );
  const continueLink = (
    <a className="btn btn--primary" href={returnUrlOr(returnUrl, '/')}>
      Continue
    </a>
  );
  return <CreditCardView actor={actor} heading="Pay with a card" aside={aside} continueLink={continueLink} />;
}
