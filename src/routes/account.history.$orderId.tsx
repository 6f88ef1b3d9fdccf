import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { HistoryOrderIdParam } from '../../contracts/history-ids.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { ReceiptPage } from './-history/ReceiptPage.tsx';

/**
 * /account/history/$orderId (sign-in required): a receipt with Reorder (docs/home.md 1, 2.5). A malformed id is not
 * an order: the page shows 'We could not find that order.' as for an unknown one.
 */
export const Route = createFileRoute('/account/history/$orderId')({
  params: { parse: ({ orderId }) => ({ orderId: v.is(HistoryOrderIdParam, orderId) ? orderId : '' }), stringify: ({ orderId }) => ({ orderId }) },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: function Receipt() {
    return <ReceiptPage orderId={Route.useParams().orderId} />;
  },
});
