/**
 * The onboarding cards (spec 3 section 4 "Home stream": "a completed task card stays for 2 days after completion,
 * then drops. A completed card is marked 'seen' 5 seconds after display, then collapses. All onboarding cards are
 * hidden when every task has been seen"; section 5: "SvcReload tasks are never shown; the Purchase card shows on
 * mobile only"; section 9: 2 days, 5 s; docs/home.md 2.2: PUT /stream-items/onboarding/seen with the tasks marked).
 */
import { expect } from 'vitest';
import { onboardingMachine, markTasksSeenRequest, type OnboardingInput } from '../onboarding.machine.ts';
import type { OnboardingTask } from '../home-stream-filter.ts';
import { requestFakes } from './model.ts';
import { serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import type { Flow } from './flow.ts';
import { DAY, iso, NOW } from './home-fixtures.ts';

const HOUR = 3_600_000;
const t = (name: string, completedAgo: number | null, seen = false): OnboardingTask => ({ name, completedOn: completedAgo === null ? null : iso(NOW - completedAgo), seen });
const phone = (tasks: OnboardingTask[]): OnboardingInput => ({ tasks, isPhone: true, now: NOW });
const desktop = (tasks: OnboardingTask[]): OnboardingInput => ({ tasks, isPhone: false, now: NOW });

const OPEN = [t('MOP', null), t('Purchase', null), t('SvcReload', null)];
const MOP_DONE = [t('MOP', HOUR), t('Purchase', null), t('SvcReload', HOUR)];
const BOTH_DONE = [t('MOP', HOUR), t('Purchase', 2 * HOUR), t('SvcReload', null)];
const ALL_SEEN = [t('MOP', DAY, true), t('Purchase', DAY, true), t('SvcReload', DAY)];
/** MOP completed 2 days and 1 ms ago, never seen: its card has dropped */
const MOP_EXPIRED = [t('MOP', 2 * DAY + 1), t('Purchase', null), t('SvcReload', null)];
/** MOP completed 2 days ago to the ms: still shown */
const MOP_LAST_MS = [t('MOP', 2 * DAY), t('Purchase', null), t('SvcReload', null)];
/** only SvcReload completed: never shown, so nothing to mark */
const RELOAD_DONE = [t('MOP', null), t('Purchase', null), t('SvcReload', HOUR)];

const tasksEvent = (input: OnboardingInput) => ({ type: 'stream.tasks', ...input });
export const onboardingEvents = {
  refreshOpen: tasksEvent(phone(OPEN)),
  refreshMopDone: tasksEvent(phone(MOP_DONE)),
  refreshAllSeen: tasksEvent(phone(ALL_SEEN)),
  refreshDesktopPurchaseDone: tasksEvent(desktop([t('MOP', DAY, true), t('Purchase', HOUR), t('SvcReload', null)])),
  seenDelay: { type: 'xstate.after.seenDelay.onboarding.watching' },
  marked: done('markTasksSeen', { seen: [{ task: 'MOP', seenAt: iso(NOW + 5000) }] }),
  markFailed: fail('markTasksSeen', serverDown),
} as const;
const E = onboardingEvents;

const RUNS: Record<string, OnboardingInput> = {
  newMember: phone(OPEN),
  mopDone: phone(MOP_DONE),
  bothDone: phone(BOTH_DONE),
  allSeen: phone(ALL_SEEN),
  desktopBothDone: desktop(BOTH_DONE),
  mopExpired: phone(MOP_EXPIRED),
  mopLastMs: phone(MOP_LAST_MS),
  reloadDone: phone(RELOAD_DONE),
};

/** the spec's rules written out: the completed, unseen cards on screen (never SvcReload; Purchase on phones; 2 days) */
function expectedUnseenOnScreen(c: OnboardingInput): string[] {
  return c.tasks
    .filter((x) => x.name !== 'SvcReload' && (x.name !== 'Purchase' || c.isPhone))
    .filter((x) => x.completedOn !== null && !x.seen && NOW - Date.parse(x.completedOn) <= 2 * DAY)
    .map((x) => x.name);
}

type Snap = { value: unknown; context: OnboardingInput; matches: (s: string) => boolean };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.isPhone, s.context.tasks]);

export const onboardingFlow: Flow<typeof onboardingMachine> = {
  machine: onboardingMachine,
  table: {
    deciding: { always: [{ guard: 'allSeen', to: 'hidden' }, { guard: 'hasUnseenCompleted', to: 'watching' }, 'showing'] },
    showing: { 'stream.tasks': 'deciding' },
    watching: { 'after seenDelay': 'markingSeen', 'stream.tasks': 'deciding' },
    markingSeen: { 'xstate.done.actor.markTasksSeen': 'deciding', 'xstate.error.actor.markTasksSeen': 'deciding' },
  },
  delays: { seenDelay: 5000 },
  journeys: [
    { name: 'a new member: the open cards', run: 'newMember', events: [], ends: 'showing' },
    { name: 'MOP completed: shown done, marked seen after 5 s, collapsed', run: 'mopDone', events: [E.seenDelay, E.marked], ends: 'showing' },
    { name: 'the seen call fails: collapsed anyway', run: 'mopDone', events: [E.seenDelay, E.markFailed], ends: 'showing' },
    { name: 'MOP and Purchase completed on a phone: both marked, then every card hidden', run: 'bothDone', events: [E.seenDelay, E.marked], ends: 'hidden' },
    { name: 'every task seen: hidden', run: 'allSeen', events: [], ends: 'hidden' },
    { name: 'desktop: Purchase is not shown, so only MOP is marked and the block stays', run: 'desktopBothDone', events: [E.seenDelay, E.marked], ends: 'showing' },
    { name: 'completed more than 2 days ago: dropped, nothing to mark', run: 'mopExpired', events: [], ends: 'showing' },
    { name: 'completed exactly 2 days ago: still shown done', run: 'mopLastMs', events: [], ends: 'watching' },
    { name: 'SvcReload completed: never shown, nothing to mark', run: 'reloadDone', events: [], ends: 'showing' },
    { name: 'a refresh brings the first order: shown done', run: 'newMember', events: [E.refreshMopDone], ends: 'watching' },
    { name: 'a refresh while shown done: every task seen, hidden', run: 'mopDone', events: [E.refreshAllSeen], ends: 'hidden' },
    { name: 'a refresh after collapsing: open cards again', run: 'mopDone', events: [E.seenDelay, E.marked, E.refreshOpen], ends: 'showing' },
    { name: 'a desktop refresh: the Purchase completion is not shown', run: 'newMember', events: [E.refreshDesktopPurchaseDone], ends: 'showing' },
  ],
  sees: {},
  arrange(machine) {
    const fakes = requestFakes({ markTasksSeen: markTasksSeenRequest });
    let madeBefore = 0;
    let marking: string[] = [];
    let marks = 0;
    return {
      machine: machine.provide({ actors: fakes.actors }),
      beforePath: () => {
        madeBefore = fakes.made.length;
        marking = [];
        marks = 0;
      },
      runs: Object.entries(RUNS).map(([name, input]) => ({
        name,
        options: { events: Object.values(onboardingEvents) as never, input, serializeState: serializeState as never },
      })),
      onStep(snapshot, event) {
        const s = snapshot as unknown as Snap;
        const c = s.context;
        const onScreen = expectedUnseenOnScreen(c);
        if (event.type === 'stream.tasks') {
          const e = event as unknown as OnboardingInput;
          expect(c.tasks).toEqual(e.tasks);
          expect(c.isPhone).toBe(e.isPhone);
        }
        if (s.matches('markingSeen')) {
          // spec 4: the completed cards on screen are marked seen, 5 s after display
          expect(fakes.last('markTasksSeen')).toEqual({ tasks: onScreen });
          marking = onScreen;
          marks += 1;
        } else if (event.type.startsWith('xstate.done.actor.markTasksSeen') || event.type.startsWith('xstate.error.actor.markTasksSeen')) {
          // they collapse, stored or not
          for (const name of marking) expect(c.tasks.find((x) => x.name === name)?.seen).toBe(true);
        }
        // one request per 5 s elapsed, none before
        expect(fakes.made.length - madeBefore).toBe(marks);
        if (s.matches('watching')) expect(onScreen.length).toBeGreaterThan(0);
        if (s.matches('showing')) expect(onScreen).toEqual([]);
        const seen = (name: string) => c.tasks.some((x) => x.name === name && x.seen);
        if (s.matches('hidden')) expect(seen('MOP') && seen('Purchase')).toBe(true);
        else expect(seen('MOP') && seen('Purchase')).toBe(false);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('markTasksSeen')).toEqual(expect.arrayContaining([{ tasks: ['MOP'] }, { tasks: ['MOP', 'Purchase'] }]));
        for (const r of fakes.distinct('markTasksSeen') as Array<{ tasks: string[] }>) expect(r.tasks).not.toContain('SvcReload');
      },
    };
  },
};
