/**
 * The console's sold-out switch (issue 29; docs/order-status.md 2.5): toggles save one at a time in order, a second
 * toggle of a product still waiting replaces its position, a failed save falls back to the stored position with
 * one message naming the product. A saved position shows until the console's feed reaches the event the save wrote;
 * then the stream's position wins (another tablet's later change is never hidden by this tablet's older save).
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { soldOutSwitchMachine, setStockRequest, switchOf, type SoldOutSwitchInput } from '../sold-out-switch.machine.ts';
import { apiError } from './locator-fixtures.ts';
import { requestFakes } from './model.ts';
import { spyActions, type Flow } from './flow.ts';

const events: AnyEventObject[] = [
  { type: 'user.toggle', productNumber: 11, soldOut: true },
  { type: 'user.toggle', productNumber: 22, soldOut: true },
  { type: 'user.toggle', productNumber: 22, soldOut: false },
  { type: 'xstate.done.actor.setStock', output: { productNumber: 11, soldOut: true, eventId: 41 } },
  { type: 'xstate.error.actor.setStock', error: apiError(500, 'UNEXPECTED_ERROR') },
];
const [on11, on22, off22, done, failed] = events as [AnyEventObject, AnyEventObject, AnyEventObject, AnyEventObject, AnyEventObject];

export const soldOutSwitchFlow: Flow<typeof soldOutSwitchMachine> = {
  machine: soldOutSwitchMachine,
  table: {
    idle: { 'user.toggle': 'saving' },
    saving: {
      'user.toggle': null,
      'xstate.done.actor.setStock': [{ guard: 'hasMoreQueued', to: 'saving' }, 'idle'],
      'xstate.error.actor.setStock': [{ guard: 'hasMoreQueued', to: 'saving' }, 'idle'],
    },
  },
  journeys: [
    { name: 'a barista marks a product sold out', events: [on11, done], ends: 'idle' },
    { name: 'saving', events: [on11], ends: 'saving' },
    { name: 'the save fails: back to the stored position, with the message', events: [on11, failed], ends: 'idle' },
    { name: 'a second product waits its turn', events: [on11, on22, done], ends: 'saving' },
    { name: 'both saved', events: [on11, on22, done, done], ends: 'idle' },
    { name: 'a waiting product switched back replaces its position', events: [on11, on22, off22, done, done], ends: 'idle' },
    { name: 'a failure does not stop the next save', events: [on11, on22, failed], ends: 'saving' },
  ],
  sees: { saving: { tags: ['busy'] } },
  effects: { 'xstate.error.actor.setStock -> idle': ['notifyFailed'], 'xstate.error.actor.setStock -> saving': ['notifyFailed'] },
  arrange(machine) {
    const spy = spyActions(['notifyFailed'] as const);
    const fakes = requestFakes({ setStock: setStockRequest });
    // reference model: the queue of positions in flight, by the spec's rules
    let queue: Array<{ productNumber: number; soldOut: boolean }> = [];
    let failedProduct: number | null = null;
    let saved: Record<number, { soldOut: boolean; eventId: number }> = {};
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      beforePath: () => void ((queue = []), (failedProduct = null), (saved = {})),
      runs: [{ name: 'barista', options: { events, input: { storeNumber: '10003' } as SoldOutSwitchInput, serializeState: (s) => JSON.stringify({ v: s.value, q: s.context.queue, f: s.context.failed }) } }],
      onStep(s, event) {
        const e = event as AnyEventObject;
        if (e.type === 'user.toggle') {
          const t = { productNumber: e.productNumber as number, soldOut: e.soldOut as boolean };
          const i = queue.findIndex((q, k) => k > 0 && q.productNumber === t.productNumber);
          if (i > 0) queue[i] = t;
          else queue.push(t);
          if (queue.length === 1) failedProduct = null;
        }
        if (e.type === 'xstate.done.actor.setStock') {
          queue = queue.slice(1);
          const out = e.output as { productNumber: number; soldOut: boolean; eventId: number };
          saved = { ...saved, [out.productNumber]: { soldOut: out.soldOut, eventId: out.eventId } };
        }
        if (e.type === 'xstate.error.actor.setStock') {
          failedProduct = queue[0]?.productNumber ?? null;
          queue = queue.slice(1);
        }
        expect(s.context.queue).toEqual(queue);
        expect(s.context.saved).toEqual(saved);
        // a saved product, not queued: its saved position until the feed has seen the save's event, then the stream's
        for (const [p, v] of Object.entries(saved).map(([k, x]) => [Number(k), x] as const)) {
          if (queue.some((q) => q.productNumber === p)) continue;
          expect(switchOf(s.context, p, !v.soldOut, v.eventId - 1)).toMatchObject({ soldOut: v.soldOut, pending: false });
          expect(switchOf(s.context, p, !v.soldOut, v.eventId)).toMatchObject({ soldOut: !v.soldOut, pending: false });
          expect(switchOf(s.context, p, v.soldOut, v.eventId + 5)).toMatchObject({ soldOut: v.soldOut, pending: false });
        }
        expect(s.context.failed).toBe(failedProduct);
        expect(s.matches('saving')).toBe(queue.length > 0);
        // the request: the head of the queue, for the console's store
        if (s.matches('saving')) expect(fakes.last('setStock')).toEqual({ storeNumber: '10003', ...queue[0]! });
        // a queued product shows its new position as pending
        for (const t of queue) expect(switchOf(s.context, t.productNumber, !t.soldOut, 1_000)).toMatchObject({ soldOut: queue.filter((q) => q.productNumber === t.productNumber).at(-1)!.soldOut, pending: true });
        // a failed product shows the stored position with its message
        if (failedProduct !== null && !queue.some((q) => q.productNumber === failedProduct)) expect(switchOf(s.context, failedProduct, false, 0)).toEqual({ soldOut: saved[failedProduct]?.soldOut ?? false, pending: false, failed: true });
      },
    };
  },
};
