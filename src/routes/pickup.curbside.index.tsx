import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { curbsideMachine } from '../../machines/curbside.machine.ts';
import { OrderingTexts } from '../../contracts/ordering-texts.ts';
import type { Store } from '../../contracts/locations.ts';
import { useRedirect } from '../services/redirect.ts';
import { notifyWith, useAppActors } from '../services/app-actors.tsx';
import { readLastOrder } from '../services/ordering.actors.ts';
import { curbsideActors, curbsideOrder, curbsideStoreQuery, loadCurbside } from '../services/ordering/curbside.ts';
import { sessionQuery } from '../services/session.ts';
import { CurbsideMissingOrderView, CurbsideView } from '../views/ordering/CurbsideView.tsx';
import { PageLoading } from '../views/shell/Loading.tsx';

const text = (re: RegExp) => v.fallback(v.optional(v.pipe(v.string(), v.regex(re))), undefined);

/**
 * /pickup/curbside (open to everyone): the order named by the search (?orderId= from the tracker's "I'm here", with
 * ?orderToken= for a guest; or ?orderToken= alone, the email's link), else the last order placed in this browser;
 * the first name from the profile or ?firstName=, asked for when missing. `curbsideOrder` decides (pure, tested).
 */
export const Route = createFileRoute('/pickup/curbside/')({
  validateSearch: v.object({
    orderId: text(/^ord_[A-Za-z0-9]{10,40}$/),
    orderToken: text(/^ot_[A-Za-z0-9_-]{20,60}$/),
    storeNumber: text(/^[0-9]{1,8}(-[0-9]{1,8})?$/),
    firstName: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))), undefined),
  }),
  loaderDeps: ({ search }) => ({ storeNumber: search.storeNumber }),
  loader: ({ context, deps }) => loadCurbside(context, deps.storeNumber ?? readLastOrder()?.storeNumber ?? null),
  component: CurbsidePage,
});

function CurbsidePage() {
  const search = Route.useSearch();
  const { data: session, isPending: sessionPending } = useQuery(sessionQuery);
  const order = curbsideOrder(search, readLastOrder(), !!session?.user);
  const store = useQuery(curbsideStoreQuery(order?.storeNumber ?? null));
  if (!order && search.orderId && !search.orderToken && sessionPending) return <PageLoading />;
  if (!order) return <CurbsideMissingOrderView />;
  if (store.isPending) return <PageLoading />;
  const firstName = session?.user?.firstName || search.firstName || null;
  return <CurbsideForm {...order} firstName={firstName} store={store.data ?? null} />;
}

function CurbsideForm({ storeNumber, orderToken, orderId, firstName, store }: { storeNumber: string; orderToken: string | null; orderId: string | null; firstName: string | null; store: Store | null }) {
  const actors = useAppActors();
  const redirect = useRedirect();
  const actor = useActorRef(
    curbsideMachine.provide({
      actors: curbsideActors(),
      actions: { notify: (_, params) => notifyWith(actors)({ kind: 'toast', tone: 'error', message: OrderingTexts[params.message] }), redirect },
    }),
    { input: { storeNumber, orderToken, orderId, firstName, stallQuantity: store?.mobileOrdering.stallQuantity || 4, availability: store?.mobileOrdering.curbsideAvailability ?? 'available' } },
  );
  return <CurbsideView actor={actor} storeName={store?.name ?? null} />;
}
