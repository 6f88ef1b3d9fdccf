import { createFileRoute } from '@tanstack/react-router';
import { sessionQuery } from '../services/session.ts';
import { BillingAddressPage } from './-cards/payment-pages.tsx';

/** /account/payment-method/add/billing-address (no sign-in requirement: guests reach it, spec 2 §6). */
export const Route = createFileRoute('/account/payment-method/add/billing-address')({
  loader: async ({ context }) => ({ signedIn: !!(await context.queryClient.fetchQuery(sessionQuery)).signedIn }),
  component: AddBillingAddressPage,
});

function AddBillingAddressPage() {
  const { signedIn } = Route.useLoaderData();
  return <BillingAddressPage key={String(signedIn)} mode="add" signedIn={signedIn} address={null} />;
}
