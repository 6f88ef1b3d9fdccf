import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describeFlow } from './flow.ts';
import { giftPurchaseFlow, purchaseBody } from './gift-purchase.expect.ts';
import { giftPurchaseMachine, retryBackoffMs } from '../gift-purchase.machine.ts';
import type { GiftPurchaseStatus } from '../../contracts/gift.ts';

describeFlow(giftPurchaseFlow);

describe('giftPurchase delays on a hand-driven clock (spec 4: default 4000 ms; docs/gifting.md 2.4 backoff)', () => {
  it('polls after 4000 ms, then after 1000, 2000, 4000, 8000, 8000 ms, and stops at the cap of 10 polls', async () => {
    const clock = new SimulatedClock();
    const polledAt: number[] = [];
    let now = 0;
    const retry: GiftPurchaseStatus = { orderNumber: null, data: { context: { code: 'EPROMISERETRY', orderNumber: null } } };
    const machine = giftPurchaseMachine.provide({
      actors: {
        // the answer names no delay: the default 4000 ms applies
        purchase: fromPromise(async () => ({ delay: undefined as unknown as number, requestId: 'page-1234abcd-0' })),
        purchaseStatus: fromPromise(async () => (polledAt.push(now), retry)),
      },
    });
    const actor = createActor(machine, { clock, input: { request: purchaseBody, zeroRetries: false } }).start();
    const settle = () => new Promise((r) => setTimeout(r, 0));
    await settle();
    expect(actor.getSnapshot().value).toBe('waiting');
    const advance = async (ms: number) => {
      now += ms - 1;
      clock.increment(ms - 1);
      await settle();
      const before = polledAt.length;
      now += 1;
      clock.increment(1);
      await settle();
      return polledAt.length - before;
    };
    // nothing 1 ms early, a poll right on time
    const waits = [4000, 1000, 2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000];
    for (const ms of waits) expect(await advance(ms), `poll after ${ms} ms`).toBe(1);
    expect(polledAt).toEqual([4000, 5000, 7000, 11000, 19000, 27000, 35000, 43000, 51000, 59000]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(actor.getSnapshot().output).toEqual({ status: 'pending', requestId: 'page-1234abcd-0' });
    actor.stop();
  });

  it('the backoff doubles from the base and stays at the max', () => {
    const policy = { baseMs: 1000, maxMs: 8000, maxPolls: 10 };
    expect([1, 2, 3, 4, 5, 6].map((n) => retryBackoffMs(n, policy))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });
});
