import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describeFlow } from './flow.ts';
import { onboardingFlow } from './onboarding.expect.ts';
import { onboardingMachine, type MarkTasksSeenAnswer, type MarkTasksSeenRequest } from '../onboarding.machine.ts';
import { iso, NOW } from './home-fixtures.ts';

describeFlow(onboardingFlow);

describe('onboarding: 5 s after display (spec 4, 9)', () => {
  it('marks the completed card seen at 5 s, not 1 ms earlier, and collapses it', async () => {
    const clock = new SimulatedClock();
    const sent: MarkTasksSeenRequest[] = [];
    const machine = onboardingMachine.provide({
      actors: { markTasksSeen: fromPromise<MarkTasksSeenAnswer, MarkTasksSeenRequest>(async ({ input }) => (sent.push(input), { seen: [{ task: 'MOP', seenAt: iso(NOW) }] })) },
    });
    const tasks = [
      { name: 'MOP', completedOn: iso(NOW - 60_000), seen: false },
      { name: 'Purchase', completedOn: null, seen: false },
    ];
    const actor = createActor(machine, { clock, input: { tasks, isPhone: true, now: NOW } });
    actor.start();
    expect(actor.getSnapshot().value).toBe('watching');
    clock.increment(4999);
    expect(sent).toEqual([]);
    clock.increment(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ tasks: ['MOP'] }]);
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.tasks[0]).toEqual({ name: 'MOP', completedOn: iso(NOW - 60_000), seen: true });
    actor.stop();
  });
});
