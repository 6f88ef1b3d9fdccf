import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describeFlow } from './flow.ts';
import { homeStreamFlow } from './home-stream.expect.ts';
import { homeStreamMachine, streamRefreshRequest, type StreamAnswer, type StreamRequest } from '../home-stream.machine.ts';
import { ALL_TYPES, editorial, NOW } from './home-fixtures.ts';

describeFlow(homeStreamFlow);

describe('home stream: 5 minutes (spec 9) and modifiedSince (spec 7)', () => {
  it('refreshes 5 minutes after an answer, not 1 ms earlier, sending modifiedSince', async () => {
    const clock = new SimulatedClock();
    const sent: StreamRequest[] = [];
    const answers: StreamAnswer[] = [
      { status: 200, items: [editorial('Try the new Oatmilk Latte')], lastModified: '2026-06-15T12:00:00.000Z', receivedAt: NOW },
      { status: 304, items: [], lastModified: null, receivedAt: NOW + 300_000 },
    ];
    const machine = homeStreamMachine.provide({
      actors: { loadStream: fromPromise<StreamAnswer, StreamRequest>(async ({ input }) => (sent.push(input), answers[sent.length - 1]!)) },
    });
    const actor = createActor(machine, { clock, input: { signedIn: true, unauthStreamEnabled: false, locale: 'en-US', streamItemTypes: ALL_TYPES, cached: null, cacheFresh: false } });
    actor.start();
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('showing');
    clock.increment(299_999);
    expect(actor.getSnapshot().value).toBe('showing');
    clock.increment(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([
      { signedIn: true, locale: 'en-US', streamItemTypes: ALL_TYPES, streamItemStatus: 'active' },
      { signedIn: true, locale: 'en-US', streamItemTypes: ALL_TYPES, streamItemStatus: 'active', modifiedSince: '2026-06-15T12:00:00.000Z' },
    ]);
    // 304: the cards stay, the fetch time moves
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.items).toEqual(answers[0]!.items);
    expect(actor.getSnapshot().context.fetchedAt).toBe(NOW + 300_000);
    actor.stop();
  });

  it('never sends modifiedSince without a lastModified', () => {
    expect(() => streamRefreshRequest({ context: { signedIn: true, locale: 'en-US', streamItemTypes: [], lastModified: null } })).toThrow(/lastModified/);
  });
});
