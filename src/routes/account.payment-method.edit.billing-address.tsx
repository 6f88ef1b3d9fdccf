import * as v from 'valibot';
import { createFileRoute } from '@tanstack/react-router';
import type { Address } from '../../contracts/cards.ts';
import { OpaqueId } from '../../contracts/opaque-id.ts';
import { sessionQuery } from '../services/session.ts';
import { addressListQuery } from '../services/cards.actors.ts';
import { readGuestAddress } from '../services/guest-payment.ts';
import { BillingAddressPage } from './-cards/payment-pages.tsx';
import { ReturnUrlParam } from './-account/search.ts';

/**
 * /account/payment-method/edit/billing-address?addressId=&paymentMethodId= (no sign-in requirement): a member edits
 * a saved address (UPDATE_ADDRESS); a guest edits the single-use address of this order (a new address token) and
 * goes on to the guest card page with ?returnUrl= (same-origin path: the checkout the card is for). Each key is
 * validated on its own and always named (undefined when refused): the router merges the raw query under the
 * validated search, so a dropped key would reach the page unchecked (issue 25).
 */
const Id = v.fallback(v.optional(OpaqueId), undefined);
export const Route = createFileRoute('/account/payment-method/edit/billing-address')({
  validateSearch: v.object({ addressId: Id, paymentMethodId: Id, returnUrl: ReturnUrlParam }),
  loaderDeps: ({ search: { addressId } }) => ({ addressId }),
  loader: async ({ context, deps }) => {
    const signedIn = !!(await context.queryClient.fetchQuery(sessionQuery)).signedIn;
    if (!signedIn) {
      const stored = readGuestAddress();
      const address: Address | null = stored ? { addressId: 'single-use', type: 'Billing', country: 'US', ...stored.address, phoneNumber: stored.address.phoneNumber ?? null } : null;
      return { signedIn, address };
    }
    const list = deps.addressId ? await context.queryClient.ensureQueryData(addressListQuery) : null;
    return { signedIn, address: list?.find((a) => a.addressId === deps.addressId) ?? null };
  },
  component: EditBillingAddressPage,
});

function EditBillingAddressPage() {
  const { signedIn, address } = Route.useLoaderData();
  const { paymentMethodId, returnUrl } = Route.useSearch();
  return (
    <BillingAddressPage
      key={`${signedIn}-${address?.addressId}`}
      mode="edit"
      signedIn={signedIn}
      address={address}
      paymentMethodId={signedIn ? paymentMethodId : undefined}
      returnUrl={signedIn ? undefined : returnUrl}
    />
  );
}
