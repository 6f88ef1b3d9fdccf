import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import * as v from 'valibot';
import { OrderIdParam } from '../../contracts/order-id-param.ts';
import { drawJitter } from '../../machines/feed-backoff.ts';
import { orderTrackerMachine } from '../../machines/order-tracker.machine.ts';
import { readyNoticeMachine } from '../../machines/ready-notice.machine.ts';
import { configQuery } from '../services/config.ts';
import { feedConfigOf, noticeSupport, orderTokenFor, readyNoticeActors, showReadyNotification, trackerActors } from '../services/ordering/tracker.ts';
import { useFeedConnectivity, useNow } from '../services/ordering/feed-browser.ts';
import { OrderNotFoundView, OrderTrackerView } from '../views/ordering/OrderTrackerView.tsx';

/**
 * /menu/order/{orderId}: the order tracker (docs/order-status.md 1, 2.2). The id is checked here (a malformed id
 * shows "We couldn't find that order." without a request); a guest's token comes from the fragment `#token=` or
 * the last order placed in this browser. `menu.order` is a static segment, so it outranks `/menu/$menu/$category`.
 */
export const Route = createFileRoute('/menu/order/$orderId')({
  params: { parse: ({ orderId }) => ({ orderId: v.is(OrderIdParam, orderId) ? orderId : '' }), stringify: ({ orderId }) => ({ orderId }) },
  component: OrderTrackerPage,
});

function OrderTrackerPage() {
  const { orderId } = Route.useParams();
  return orderId ? <Tracker key={orderId} orderId={orderId} /> : <OrderNotFoundView />;
}

function Tracker({ orderId }: { orderId: string }) {
  const { data: config } = useQuery(configQuery);
  const [orderToken] = useState(() => orderTokenFor(orderId, typeof window === 'undefined' ? '' : window.location.hash));
  const [jitter] = useState(() => drawJitter());
  const notice = useActorRef(
    readyNoticeMachine.provide({
      actors: readyNoticeActors(),
      actions: { showNotification: ({ event }) => event.type === 'order.ready' && showReadyNotification(event.orderId, event.storeName) },
    }),
    { input: { support: noticeSupport() } },
  );
  const tracker = useActorRef(
    orderTrackerMachine.provide({
      actors: trackerActors(),
      actions: {
        announce: ({ context }) => {
          const o = context.order;
          if (o?.status === 'ready') notice.send({ type: 'order.ready', orderId: o.orderId, storeName: o.storeName });
        },
      },
    }),
    { input: { orderId, orderToken, feedConfig: feedConfigOf(config), jitter } },
  );
  // the browser's connection reaches the feed; the times shown age with the clock
  useFeedConnectivity(tracker);
  const now = useNow();
  return <OrderTrackerView tracker={tracker} notice={notice} now={now} orderToken={orderToken} />;
}
