import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { PreviousPage } from './-ordering/PreviousPage.tsx';
import { loadPreviousOrders } from '../services/ordering/previous-orders.ts';

/** /menu/previous: previous orders (members), and the success modal after placing an order (?placed=orderId). */
export const Route = createFileRoute('/menu/previous')({
  validateSearch: v.object({ placed: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^ord_[A-Za-z0-9]{10,40}$/))), undefined) }),
  loader: ({ context }) => loadPreviousOrders(context),
  component: function Previous() {
    return <PreviousPage placed={Route.useSearch().placed ?? null} />;
  },
});
