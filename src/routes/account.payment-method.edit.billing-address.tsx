import * as v from 'valibot';
import { createFileRoute } from '@tanstack/react-router';
import { OpaqueId, type Address } from '../../contracts/cards.ts';
import { sessionQuery } from '../services/session.ts';
import { addressListQuery } from '../services/cards.actors.ts';
import { readGuestAddress } from '../services/guest-payment.ts';
import { BillingAddressPage } from './-cards/payment-pages.tsx';

/**
 * /account/payment-method/edit/billing-address?addressId=&paymentMethodId= (no sign-in requirement): a member edits
 * a saved address (UPDATE_ADDRESS); a guest edits the single-use address of this order (a new address token).
 */
const Id = v.optional(OpaqueId);
const Search = v.object({ addressId: Id, paymentMethodId: Id });
export const Route = createFileRoute('/account/payment-method/edit/billing-address')({
  validateSearch: (s: Record<string, unknown>) => {
    const r = v.safeParse(Search, s);
    return r.success ? r.output : {};
  },
  loaderDeps: ({ search }) => search,
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
  const { paymentMethodId } = Route.useSearch();
  return <BillingAddressPage key={`${signedIn}-${address?.addressId}`} mode="edit" signedIn={signedIn} address={address} paymentMethodId={signedIn ? paymentMethodId : undefined} />;
}
