import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, createMachine } from 'xstate';
import { describeFlow } from './flow.ts';
import { liveFeedFlow } from './live-feed.expect.ts';
import { liveFeedMachine } from '../live-feed.machine.ts';

describeFlow(liveFeedFlow);

describe('liveFeed backoff on a hand-driven clock (docs/order-status.md section 0: 1 000 · 2^(n−1) up to 30 000, × jitter)', () => {
  const run = (jitter: number) => {
    const clock = new SimulatedClock();
    let connects = 0;
    const machine = liveFeedMachine.provide({
      actors: {
        // every connect fails at once with a 503: the machine waits, then connects again
        openStream: fromPromise(async () => {
          connects++;
          throw { status: 503, code: 'STREAMS_FULL' };
        }) as never,
        pollEvents: fromPromise(() => new Promise<never>(() => {})) as never,
      },
    });
    const actor = createActor(machine, { clock, input: { kind: 'order', key: 'ord_abcdefghij12', orderToken: null, lastEventId: 0, config: { reconnectBaseMs: 1000, reconnectMaxMs: 30000, maxFailures: 99, pollMs: 15000, silenceMs: 35000 }, jitter } });
    actor.start();
    return { actor, clock, connects: () => connects };
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  it.each([[1, [1000, 2000, 4000, 8000, 16000, 30000, 30000]], [0.5, [500, 1000, 2000, 4000, 8000, 15000, 15000]]] as const)('jitter %s waits %j', async (jitter, waits) => {
    const { actor, clock, connects } = run(jitter);
    await settle();
    expect(connects()).toBe(1);
    for (const [i, ms] of waits.entries()) {
      expect(actor.getSnapshot().value).toBe('waiting');
      clock.increment(ms - 1);
      await settle();
      expect(connects(), `not before ${ms} ms (reconnect ${i + 1})`).toBe(i + 1);
      clock.increment(1);
      await settle();
      expect(connects(), `at ${ms} ms (reconnect ${i + 1})`).toBe(i + 2);
    }
    actor.stop();
  });
  it('3 failed connects (the default) → polling', async () => {
    const clock = new SimulatedClock();
    const machine = liveFeedMachine.provide({
      actors: {
        openStream: fromPromise(async () => Promise.reject({ status: 503 })) as never,
        pollEvents: fromPromise(() => new Promise<never>(() => {})) as never,
      },
    });
    const actor = createActor(machine, { clock, input: { kind: 'order', key: 'ord_abcdefghij12', orderToken: null, lastEventId: 0, config: { reconnectBaseMs: 1000, reconnectMaxMs: 30000, maxFailures: 3, pollMs: 15000, silenceMs: 35000 }, jitter: 1 } });
    actor.start();
    for (const ms of [1000, 2000, 4000]) {
      await settle();
      clock.increment(ms);
    }
    await settle();
    expect(actor.getSnapshot().value).toBe('polling');
    actor.stop();
  });
  it('the stream request is built for every scope', () => {
    void createMachine;
    expect(liveFeedMachine.id).toBe('liveFeed');
  });
});
