import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { inputOf, notProvided } from './flow.ts';

/**
 * The console's Menu tab: the sold-out switch per product (issue 29, docs/order-status.md 2.5). The switches show
 * the position in flight while a save is pending (`queue`), else the queue page's `stock` (the server's truth, kept
 * live by the store's stream: another tablet's change arrives as a `stock` event). A saved position is shown only
 * until the console's feed has reached the event the save wrote (`saved[p].eventId`): from then on the stream's
 * position wins, so a later change from another tablet is never hidden by this tablet's older save.
 * Saves run one at a time in order; a second toggle of a product still queued replaces its position; a failed save
 * drops its position (the switch falls back to the stored one) and shows 'Could not change {name}. Try again.'.
 */
export interface StockToggle {
  productNumber: number;
  soldOut: boolean;
}
/** the server's answer to a save: the position and the `stock` event it wrote (0: none, it was already so) */
export interface StockSaved extends StockToggle {
  eventId: number;
}
export interface SoldOutSwitchContext {
  storeNumber: string;
  /** positions asked for and not yet saved; the first is being saved */
  queue: StockToggle[];
  /** the product whose last save failed (its switch shows the message), else null */
  failed: number | null;
  /** positions saved in this visit, by product (the server's answer), with the event id each save wrote */
  saved: Record<number, { soldOut: boolean; eventId: number }>;
}
export interface SoldOutSwitchInput {
  storeNumber: string;
}
export type SoldOutSwitchEvent =
  | { type: 'user.toggle'; productNumber: number; soldOut: boolean }
  | DoneActorEvent<StockSaved, 'setStock'>
  | ErrorActorEvent<unknown, 'setStock'>;
export interface SetStockRequest extends StockToggle {
  storeNumber: string;
}

/** the request of `setStock`: the head of the queue */
export function setStockRequest({ context }: { context: Pick<SoldOutSwitchContext, 'queue' | 'storeNumber'> }): SetStockRequest {
  const first = context.queue[0];
  if (!first) throw new Error('no stock change queued');
  return { storeNumber: context.storeNumber, ...first };
}

/**
 * What a product's switch shows: the queued position (pending); else the saved one while the console's feed has not
 * yet reached the save's event (`seenEventId`: consoleQueue's lastEventId); else the server's (`fromServer`:
 * consoleQueue's `stock`, which the store stream keeps true, another tablet's change included).
 */
export function switchOf(ctx: Pick<SoldOutSwitchContext, 'queue' | 'saved' | 'failed'>, productNumber: number, fromServer: boolean, seenEventId: number) {
  const queued = ctx.queue.filter((t) => t.productNumber === productNumber).at(-1);
  const saved = ctx.saved[productNumber];
  const unseen = saved !== undefined && saved.eventId > seenEventId ? saved.soldOut : undefined;
  return { soldOut: queued?.soldOut ?? unseen ?? fromServer, pending: queued !== undefined, failed: ctx.failed === productNumber };
}

export const soldOutSwitchMachine = setup({
  types: { context: {} as SoldOutSwitchContext, events: {} as SoldOutSwitchEvent, input: {} as SoldOutSwitchInput },
  actors: {
    setStock: fromPromise<StockSaved, SetStockRequest>(async () => notProvided('setStock')),
  },
  guards: {
    hasMoreQueued: ({ context }) => context.queue.length > 1,
  },
  actions: {
    applyInput: assign(({ event }) => ({ storeNumber: inputOf<SoldOutSwitchInput>(event, { storeNumber: '' }).storeNumber })),
    enqueue: assign(({ context, event }) => {
      assertEvent(event, 'user.toggle');
      const t = { productNumber: event.productNumber, soldOut: event.soldOut };
      // a product waiting (not the one being saved) takes the new position in its place
      const waiting = context.queue.findIndex((q, i) => i > 0 && q.productNumber === t.productNumber);
      if (waiting > 0) return { queue: context.queue.map((q, i) => (i === waiting ? t : q)) };
      return { queue: [...context.queue, t] };
    }),
    clearFailed: assign({ failed: null }),
    keepFirst: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.setStock');
      const out = event.output;
      return { queue: context.queue.slice(1), saved: { ...context.saved, [out.productNumber]: { soldOut: out.soldOut, eventId: out.eventId } } };
    }),
    dropFirst: assign(({ context }) => ({ queue: context.queue.slice(1), failed: context.queue[0]?.productNumber ?? null })),
    // provided by the route: the text 'Could not change {name}. Try again.' in the tab's status line
    notifyFailed: () => {},
  },
}).createMachine({
  id: 'soldOutSwitch',
  description: "The console's sold-out switches: saves one at a time, in order; a failure falls back with a message.",
  meta: { title: 'Sold-out switch', spec: 'issue 29; docs/order-status.md 2.5, 3.7 (PUT /store/{n}/stock/{productNumber})' },
  entry: 'applyInput',
  context: { storeNumber: '', queue: [], failed: null, saved: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing being saved.',
      on: { 'user.toggle': { target: 'saving', actions: ['enqueue', 'clearFailed'] } },
    },
    saving: {
      description: 'Saves the first queued position (its switch is aria-busy); more toggles queue up.',
      tags: ['busy'],
      invoke: {
        id: 'setStock',
        src: 'setStock',
        input: setStockRequest,
        onDone: [
          { guard: 'hasMoreQueued', target: 'saving', reenter: true, actions: 'keepFirst' },
          { target: 'idle', actions: 'keepFirst' },
        ],
        onError: [
          { guard: 'hasMoreQueued', target: 'saving', reenter: true, actions: ['dropFirst', 'notifyFailed'] },
          { target: 'idle', actions: ['dropFirst', 'notifyFailed'] },
        ],
      },
      on: { 'user.toggle': { actions: 'enqueue' } },
    },
  },
});
