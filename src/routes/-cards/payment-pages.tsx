import { Link, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import type { Address } from '../../../contracts/cards.ts';
import { safeReturnUrl } from '../../../contracts/return-url.ts';
import { addressOf, billingAddressMachine } from '../../../machines/billing-address.machine.ts';
import { useRedirect } from '../../services/redirect.ts';
import { billingAddressActors } from '../../services/cards.actors.ts';
import { saveGuestAddress } from '../../services/guest-payment.ts';
import { BillingAddressView } from '../../views/cards/BillingAddressView.tsx';
import { useToast } from './card-page-hooks.ts';

/**
 * The billing-address page of both routes (add, edit): a member saves an address (CREATE_ADDRESS / UPDATE_ADDRESS)
 * and goes on to the credit-card page; a guest gets a single-use address token, kept by the guest-payment service,
 * and goes on to the guest card page (with the checkout's ?returnUrl=, where the card page's Continue goes).
 */
export function BillingAddressPage({ mode, signedIn, address, paymentMethodId, returnUrl }: { mode: 'add' | 'edit'; signedIn: boolean; address: Address | null; paymentMethodId?: string | undefined; returnUrl?: string | undefined }) {
  const redirect = useRedirect({ replace: false });
  const toast = useToast();
  const queryClient = useQueryClient();
  const actor = useActorRef(
    billingAddressMachine.provide({
      actors: billingAddressActors(),
      actions: {
        notify: ({ context }) => {
          if (context.notice) toast('success', context.notice);
          void queryClient.invalidateQueries({ queryKey: ['account', 'addresses'] });
        },
        keepGuestAddress: ({ context }) => {
          if (!context.addressToken) return;
          const a = addressOf(context.form);
          saveGuestAddress({ ...context.addressToken, address: { ...a, addressLine2: a.addressLine2 ?? null, phoneNumber: a.phoneNumber ?? null } });
        },
        // the machine's destination: the guest card page, a saved card's edit page, or the add page with this
        // address (a member adding a card for a gift comes back to ?returnUrl=, docs/gifting.md 1)
        redirect,
      },
    }),
    { input: { mode, guest: !signedIn, address, paymentMethodId: paymentMethodId ?? null, returnUrl: returnUrl ?? null } },
  );
  const router = useRouter();
  const safe = safeReturnUrl(returnUrl);
  const checkout = safe && safe.startsWith('/menu/cart') ? safe : null;
  const listSearch = mode === 'add' && safeReturnUrl(returnUrl) ? { returnUrl: safeReturnUrl(returnUrl) ?? undefined } : {};
  const back = signedIn ? (
    <Link to="/account/payment-method" search={listSearch}>
      Back to payment methods
    </Link>
  ) : checkout ? (
    // issue 30: a guest sent here by the checkout sees the checkout's way back, not the home page
    <a
      href={checkout}
      onClick={(e) => {
        e.preventDefault();
        void router.navigate({ href: checkout });
      }}
    >
      Back to checkout
    </a>
  ) : (
    <Link to="/">Back to the home page</Link>
  );
  return <BillingAddressView actor={actor} heading={mode === 'edit' ? 'Edit billing address' : 'Add billing address'} back={back} step={checkout && !signedIn ? 'Step 1 of 2 to pay for your order: the card comes next.' : null} />;
}
