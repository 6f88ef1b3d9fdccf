/**
 * The barista console's requests, actors and queryOptions (machines/console-queue.machine.ts, /store/{n}/orders;
 * docs/order-status.md 2.4, 3.7): the one place for the console's flow. The queue (`GET /store/{n}/orders`), an
 * action (`POST /store/{n}/orders/{orderId}/{start|ready|hand-off|cancel}` with the status it starts from), and the
 * store's live feed (the `liveFeed` child on `/store/{n}/events`, with the stream reader of order-events.ts).
 * Failures go through the one error path (`callWith`: texts by API code, the generic text for 5xx).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { ConsoleQueue, OrderActionResponse, type ConsoleOrder } from '../../../contracts/order-status.ts';
import { OrderStatusMessages } from '../../../contracts/order-status-messages.ts';
import { callWith } from '../../../machines/flow.ts';
import { liveFeedMachine } from '../../../machines/live-feed.machine.ts';
import type { OrderActionRequestOf, QueueRequest } from '../../../machines/console-queue.machine.ts';
import { api } from '../api.ts';
import { liveFeedActors } from '../ordering/order-events.ts';

/** the console's texts by API code (the server's text wins for a 4xx that has one: errorText) */
export const consoleCodeMessages = {
  STAFF_ONLY: OrderStatusMessages.staffOnly,
  ORDER_STATUS_CONFLICT: OrderStatusMessages.conflict,
} as const;
export const call = callWith(consoleCodeMessages);

const enc = encodeURIComponent;
const ACTION_PATH = { start: 'start', ready: 'ready', handOff: 'hand-off', cancel: 'cancel' } as const;

export const getConsoleQueue = (storeNumber: string, signal?: AbortSignal) => call(api.get(`/store/${enc(storeNumber)}/orders`, { schema: ConsoleQueue, ...(signal ? { signal } : {}) }));

export async function postOrderAction(request: OrderActionRequestOf, signal?: AbortSignal): Promise<{ order: ConsoleOrder }> {
  return call(
    api.post(`/store/${enc(request.storeNumber)}/orders/${enc(request.orderId)}/${ACTION_PATH[request.action]}`, { expectedStatus: request.expectedStatus, ...(request.reason ? { reason: request.reason } : {}) }, { schema: OrderActionResponse, ...(signal ? { signal } : {}) }),
  );
}

/** the store's queue: the route's loader reads it, the machine's `loadQueue` reads through the same cache */
export const consoleQueueQuery = (storeNumber: string) =>
  queryOptions({ queryKey: ['console', 'queue', storeNumber], queryFn: ({ signal }) => getConsoleQueue(storeNumber, signal), staleTime: 2_000, retry: false });

/** /store/{n}/orders's loader: the queue (a failure, 403 included, is the machine's to show) */
export async function loadConsoleQueue(queryClient: QueryClient, storeNumber: string): Promise<ConsoleQueue | null> {
  return queryClient.ensureQueryData(consoleQueueQuery(storeNumber)).catch(() => null);
}

export function consoleQueueActors(queryClient: QueryClient) {
  return {
    loadQueue: fromPromise<ConsoleQueue, QueueRequest>(({ input }) => queryClient.fetchQuery(consoleQueueQuery(input.storeNumber))),
    orderAction: fromPromise<{ order: ConsoleOrder }, OrderActionRequestOf>(({ input, signal }) => postOrderAction(input, signal)),
    liveFeed: liveFeedMachine.provide({ actors: liveFeedActors() }),
  };
}
