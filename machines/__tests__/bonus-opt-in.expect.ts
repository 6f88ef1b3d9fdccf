/**
 * Bonus opt-in (spec 3 section 2 "/rewards/promo/opt-in/{active-external | active-choice | active-multiplier | error |
 * expired | expired-multiplier | success | success-multiplier}: bonus-offer opt-in result pages. Any other path
 * shows the error page"; issue 27 "opts in and earns it on the next order"; docs/rewards.md 2.2): the offer's link
 * enrols the member and replaces itself with the result page its answer names; a failed opt-in, an answer that
 * names no page, or an offer code that cannot be one: the error page.
 */
import { expect } from 'vitest';
import { bonusOptInMachine, optInBonusRequest } from '../bonus-opt-in.machine.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

/** the result pages of spec 3 section 2, written out */
const PAGE = {
  success: '/rewards/promo/opt-in/success',
  'success-multiplier': '/rewards/promo/opt-in/success-multiplier',
  'active-choice': '/rewards/promo/opt-in/active-choice',
  'active-multiplier': '/rewards/promo/opt-in/active-multiplier',
  'active-external': '/rewards/promo/opt-in/active-external',
  expired: '/rewards/promo/opt-in/expired',
  'expired-multiplier': '/rewards/promo/opt-in/expired-multiplier',
  error: '/rewards/promo/opt-in/error',
} as const;
const OUTCOMES = ['success', 'success-multiplier', 'active-choice', 'active-multiplier', 'active-external', 'expired', 'expired-multiplier'] as const;

export const bonusOptInEvents = [
  ...OUTCOMES.map((outcome) => done('optInBonus', { outcome })), // 0-6
  done('optInBonus', { outcome: 'bogus' }), // 7
  fail('optInBonus', serverDown), // 8
  fail('optInBonus', apiError(404, 'BONUS_NOT_FOUND', 'This offer does not exist.')), // 9
  fail('optInBonus', apiError(403, 'BONUS_EXTERNAL_ONLY', 'This offer is joined through a partner.')), // 10
] as const;
const E = bonusOptInEvents as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { destination: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, d: s.context.destination });

/** the page a step must lead to: the answer's page when it names one, else the error page */
function pageFor(event: { type: string; output?: { outcome?: string } }): string {
  const outcome = event.output?.outcome;
  return event.type === 'xstate.done.actor.optInBonus' && outcome && outcome in PAGE ? PAGE[outcome as keyof typeof PAGE] : PAGE.error;
}

export const bonusOptInFlow: Flow<typeof bonusOptInMachine> = {
  machine: bonusOptInMachine,
  table: {
    starting: { always: [{ guard: 'hasOfferCode', to: 'enrolling' }, 'leaving'] },
    enrolling: {
      'xstate.done.actor.optInBonus': [
        { guard: 'outcomeIs', to: 'leaving' },
        { guard: 'outcomeIs', to: 'leaving' },
        { guard: 'outcomeIs', to: 'leaving' },
        { guard: 'outcomeIs', to: 'leaving' },
        { guard: 'outcomeIs', to: 'leaving' },
        { guard: 'outcomeIs', to: 'leaving' },
        { guard: 'outcomeIs', to: 'leaving' },
        'leaving',
      ],
      'xstate.error.actor.optInBonus': 'leaving',
    },
  },
  journeys: [
    ...OUTCOMES.map((outcome, i) => ({ name: `${outcome}: its result page`, run: 'offer', events: [E[i]!], ends: 'leaving' })),
    { name: 'an answer that names no page: the error page', run: 'offer', events: [E[7]!], ends: 'leaving' },
    { name: 'a 500: the error page', run: 'offer', events: [E[8]!], ends: 'leaving' },
    { name: '404 BONUS_NOT_FOUND: the error page', run: 'offer', events: [E[9]!], ends: 'leaving' },
    { name: 'not an offer code: the error page without a request', run: 'notACode', events: [], ends: 'leaving' },
    { name: 'no offer code: the error page', run: 'noCode', events: [], ends: 'leaving' },
  ],
  sees: {
    starting: { tags: ['loading'] },
    enrolling: { tags: ['loading'] },
  },
  arrange(machine) {
    const fakes = requestFakes({ optInBonus: optInBonusRequest });
    const spy = spyActions(['redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      beforePath: () => spy.clear(),
      runs: [
        { name: 'offer', options: { events: bonusOptInEvents as never, input: { offerCode: 'DOUBLE3' }, serializeState: serializeState as never } },
        { name: 'notACode', options: { events: bonusOptInEvents as never, input: { offerCode: 'double3/../x' }, serializeState: serializeState as never } },
        { name: 'noCode', options: { events: bonusOptInEvents as never, input: { offerCode: null }, serializeState: serializeState as never } },
      ],
      onStep(s, event, run) {
        const sent = spy.step().map((l) => ({ name: l.name, to: (l.context as { destination: string | null }).destination }));
        if (s.matches('enrolling')) {
          expect(fakes.last('optInBonus')).toEqual({ offerCode: 'DOUBLE3' });
          expect(sent).toEqual([]);
          expect(s.context.destination).toBeNull();
        }
        if (s.matches('leaving')) {
          const want = run === 'offer' ? pageFor(event as never) : PAGE.error;
          expect(s.context.destination).toBe(want);
          // the page is left once, for the result page (the route replaces the link's page)
          if (sent.length) expect(sent).toEqual([{ name: 'redirect', to: want }]);
        }
      },
      onPath(_path, final, run) {
        if (final.matches('leaving')) expect(spy.count('redirect')).toBe(1);
        if (run !== 'offer') expect(final.matches('leaving')).toBe(true);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('optInBonus')).toEqual([{ offerCode: 'DOUBLE3' }]);
      },
    };
  },
};
