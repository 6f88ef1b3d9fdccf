import { createFileRoute } from '@tanstack/react-router';
import { sessionQuery } from '../services/session.ts';
import { BillingAddressPage } from './-cards/payment-pages.tsx';
import { ReturnUrlSearch } from './-account/search.ts';

/**
 * /account/payment-method/add/billing-address (no sign-in requirement: guests reach it, spec 2 §6). ?returnUrl= (a
 * same-origin path, e.g. the guest checkout) is handed on to the guest card page, whose Continue goes back there.
 * ReturnUrlSearch always names the key (undefined when refused): the router merges the raw query under the
 * validated search, so a dropped key would reach the page unchecked (issue 25).
 */
export const Route = createFileRoute('/account/payment-method/add/billing-address')({
  validateSearch: ReturnUrlSearch,
  loader: async ({ context }) => ({ signedIn: !!(await context.queryClient.fetchQuery(sessionQuery)).signedIn }),
  component: AddBillingAddressPage,
});

function AddBillingAddressPage() {
  const { signedIn } = Route.useLoaderData();
  const { returnUrl } = Route.useSearch();
  return <BillingAddressPage key={String(signedIn)} mode="add" signedIn={signedIn} address={null} returnUrl={returnUrl} />;
}
