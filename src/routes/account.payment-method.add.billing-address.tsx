import * as v from 'valibot';
import { createFileRoute } from '@tanstack/react-router';
import { safeReturnUrl } from '../../contracts/return-url.ts';
import { sessionQuery } from '../services/session.ts';
import { BillingAddressPage } from './-cards/payment-pages.tsx';

/**
 * /account/payment-method/add/billing-address (no sign-in requirement: guests reach it, spec 2 §6). ?returnUrl= (a
 * same-origin path, e.g. the guest checkout) is handed on to the guest card page, whose Continue goes back there.
 */
const Search = v.object({ returnUrl: v.optional(v.string()) });
export const Route = createFileRoute('/account/payment-method/add/billing-address')({
  validateSearch: (s: Record<string, unknown>): { returnUrl?: string } => {
    const r = v.safeParse(Search, s);
    const url = r.success ? safeReturnUrl(r.output.returnUrl) : null;
    return url ? { returnUrl: url } : {};
  },
  loader: async ({ context }) => ({ signedIn: !!(await context.queryClient.fetchQuery(sessionQuery)).signedIn }),
  component: AddBillingAddressPage,
});

function AddBillingAddressPage() {
  const { signedIn } = Route.useLoaderData();
  const { returnUrl } = Route.useSearch();
  return <BillingAddressPage key={String(signedIn)} mode="add" signedIn={signedIn} address={null} returnUrl={returnUrl} />;
}
