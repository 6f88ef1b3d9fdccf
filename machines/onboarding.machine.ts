import { setup, assign, fromPromise, assertEvent, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { inputOf, notProvided } from './flow.ts';
import { ONBOARDING_SEEN_DELAY_MS } from '../contracts/home-constants.ts';
import { allTasksSeen, taskDisplayed, type OnboardingTask } from './home-stream-filter.ts';

/**
 * The onboarding block of the home stream (spec 3 section 4 "Home stream": a completed task card stays for 2 days
 * after completion, then drops; a completed card is marked 'seen' 5 seconds after display, then collapses; all
 * onboarding cards are hidden when every task has been seen. Section 5: SvcReload never shown, Purchase on mobile
 * only. Section 9: 2 days, 5 s; docs/home.md 2.2). One machine for the block; the route starts it when the stream
 * holds an onboarding item and sends `stream.tasks` when a refresh brings new tasks or the viewport changes.
 */
export interface OnboardingInput {
  /** every task of the onboarding item (MOP, Purchase, SvcReload), in display order */
  tasks: OnboardingTask[];
  isPhone: boolean;
  /** ms since the epoch */
  now: number;
}
export type OnboardingContext = OnboardingInput;
export interface MarkTasksSeenRequest {
  tasks: string[];
}
export interface MarkTasksSeenAnswer {
  seen: Array<{ task: string; seenAt: string }>;
}
export type OnboardingEvent =
  | ({ type: 'stream.tasks' } & OnboardingInput)
  | DoneActorEvent<MarkTasksSeenAnswer, 'markTasksSeen'>
  | ErrorActorEvent<unknown, 'markTasksSeen'>;

export const ONBOARDING_INPUT_DEFAULTS: OnboardingInput = { tasks: [], isPhone: false, now: 0 };

/** the completed tasks on screen that are not seen yet (the ones the 5 s mark) */
export function unseenCompleted(context: Pick<OnboardingContext, 'tasks' | 'isPhone' | 'now'>): OnboardingTask[] {
  return context.tasks.filter((t) => t.completedOn !== null && !t.seen && taskDisplayed(t, context.isPhone, context.now));
}

/** The request of `markTasksSeen` (PUT /apiproxy/v1/stream-items/onboarding/seen). */
export function markTasksSeenRequest({ context }: { context: Pick<OnboardingContext, 'tasks' | 'isPhone' | 'now'> }): MarkTasksSeenRequest {
  const tasks = unseenCompleted(context).map((t) => t.name);
  if (tasks.length === 0) throw new Error('markTasksSeen: no completed task on screen to mark');
  return { tasks };
}

const copyTasks = (tasks: readonly OnboardingTask[]) => tasks.map((t) => ({ name: t.name, completedOn: t.completedOn, seen: t.seen === true }));

export const onboardingMachine = setup({
  types: { context: {} as OnboardingContext, events: {} as OnboardingEvent, input: {} as OnboardingInput },
  actors: {
    markTasksSeen: fromPromise<MarkTasksSeenAnswer, MarkTasksSeenRequest>(async () => notProvided('markTasksSeen')),
  },
  delays: {
    /** spec 9: a completed task is marked seen 5 s after it is displayed */
    seenDelay: ONBOARDING_SEEN_DELAY_MS,
  },
  guards: {
    allSeen: ({ context }) => allTasksSeen(context.tasks),
    hasUnseenCompleted: ({ context }) => unseenCompleted(context).length > 0,
  },
  actions: {
    applyInput: assign(({ event }) => {
      const input = inputOf<OnboardingInput>(event, ONBOARDING_INPUT_DEFAULTS);
      return { tasks: copyTasks(input.tasks), isPhone: input.isPhone === true, now: input.now };
    }),
    assignTasks: assign(({ event }) => {
      assertEvent(event, 'stream.tasks');
      return { tasks: copyTasks(event.tasks), isPhone: event.isPhone === true, now: event.now };
    }),
    /** the marked cards collapse, whether or not the server stored it (it is asked again on the next visit) */
    assignSeen: assign(({ context }) => {
      const marked = new Set(unseenCompleted(context).map((t) => t.name));
      return { tasks: context.tasks.map((t) => (marked.has(t.name) ? { ...t, seen: true } : t)) };
    }),
  },
}).createMachine({
  id: 'onboarding',
  description: 'The onboarding cards: open tasks, a completed one shown done for 5 s then marked seen and collapsed.',
  meta: { title: 'Onboarding cards (/account/for-you)', spec: '3 §4 home stream (onboarding), §5 stream filtering, §9 (2 days, 5 s)' },
  context: { tasks: [], isPhone: false, now: 0 },
  entry: 'applyInput',
  initial: 'deciding',
  states: {
    deciding: {
      description: 'Every task seen: the block goes; a completed task not seen yet: shown done; else the cards.',
      always: [{ guard: 'allSeen', target: 'hidden' }, { guard: 'hasUnseenCompleted', target: 'watching' }, { target: 'showing' }],
    },
    showing: {
      description: 'The open tasks, and the completed ones collapsed.',
      on: { 'stream.tasks': { target: 'deciding', actions: 'assignTasks' } },
    },
    watching: {
      description: 'A completed task shows its done texts, expanded, for 5 s.',
      after: { seenDelay: { target: 'markingSeen' } },
      on: { 'stream.tasks': { target: 'deciding', actions: 'assignTasks' } },
    },
    markingSeen: {
      description: 'The server is told the completed cards were seen; they collapse either way.',
      invoke: {
        id: 'markTasksSeen',
        src: 'markTasksSeen',
        input: markTasksSeenRequest,
        onDone: { target: 'deciding', actions: 'assignSeen' },
        onError: { target: 'deciding', actions: 'assignSeen' },
      },
    },
    hidden: {
      description: 'Every task seen: no onboarding cards.',
    },
  },
});
