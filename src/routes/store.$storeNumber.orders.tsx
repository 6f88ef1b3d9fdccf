import { createFileRoute } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import * as v from 'valibot';
import { StoreNumber, shortStoreNumber } from '../../contracts/store-number.ts';
import { consoleQueueMachine } from '../../machines/console-queue.machine.ts';
import { drawJitter } from '../../machines/feed-backoff.ts';
import { soldOutSwitchMachine } from '../../machines/sold-out-switch.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { configQuery } from '../services/config.ts';
import { consoleQueueActors, loadConsoleQueue } from '../services/console/queue.ts';
import { soldOutSwitchActors } from '../services/console/stock.ts';
import { feedConfigOf } from '../services/ordering/tracker.ts';
import { useFeedConnectivity, useNow } from '../services/ordering/feed-browser.ts';
import { useRedirect } from '../services/redirect.ts';
import { ConsoleView, StaffOnlyView } from '../views/console/ConsoleView.tsx';

/**
 * /store/{storeNumber}/orders: the barista console (docs/order-status.md 1, 2.4, 2.5), staff only. Signed out: sign
 * in and back. The store number in either form (10003 or 10003-10103), cut to the short form; the server decides
 * 403 (a customer, another store's staff), which the machine shows. The loader reads the queue; the machine reads
 * it through the same cache, then follows the store's live feed.
 */
export const Route = createFileRoute('/store/$storeNumber/orders')({
  params: { parse: ({ storeNumber }) => ({ storeNumber: v.is(StoreNumber, storeNumber) ? shortStoreNumber(storeNumber) : '' }), stringify: ({ storeNumber }) => ({ storeNumber }) },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: ({ context, params }) => (params.storeNumber ? loadConsoleQueue(context.queryClient, params.storeNumber) : null),
  staticData: { chrome: 'logoOnly' },
  component: StoreOrdersPage,
});

function StoreOrdersPage() {
  const { storeNumber } = Route.useParams();
  return storeNumber ? <Console key={storeNumber} storeNumber={storeNumber} /> : <StaffOnlyView />;
}

function Console({ storeNumber }: { storeNumber: string }) {
  const queryClient = useQueryClient();
  const redirect = useRedirect();
  const { data: config } = useQuery(configQuery);
  const [jitter] = useState(() => drawJitter());
  const queue = useActorRef(
    consoleQueueMachine.provide({
      actors: consoleQueueActors(queryClient),
      actions: { redirect },
    }),
    { input: { storeNumber, feedConfig: feedConfigOf(config), jitter } },
  );
  const stock = useActorRef(soldOutSwitchMachine.provide({ actors: soldOutSwitchActors }), { input: { storeNumber } });
  // the browser's connection reaches the feed; the times shown age with the clock
  useFeedConnectivity(queue);
  const now = useNow();
  return <ConsoleView queue={queue} stock={stock} now={now} />;
}
