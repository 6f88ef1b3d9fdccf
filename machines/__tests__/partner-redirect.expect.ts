/**
 * The partner redirect page (spec 3 section 4 "Partner link and unlink": "Redirect page: waits 5 seconds, requests the
 * authenticate call, then navigates the window to the returned redirect URL. On failure it goes to /error"; section 7
 * "GET .../authenticate: no payload; reads redirectURL"; section 9 "Partner redirect delay 5 s"; docs/rewards.md 2.4:
 * already linked (409 ALREADY_LINKED) → /already-linked; a URL outside this app's and the partner's origins → /error).
 */
import { expect } from 'vitest';
import { partnerRedirectMachine, authenticatePartnerRequest } from '../partner-redirect.machine.ts';
import { PartnerMessages } from '../../contracts/rewards-partner.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const APP = 'http://127.0.0.1:4103';
const PARTNER = 'https://partner.example';
export const partnerRedirectEvents = {
  waited: { type: 'xstate.after.partnerRedirectDelay.partnerRedirect.waiting' },
  sandbox: done('authenticatePartner', { redirectURL: '/dev/hotel-partner/authorize?state=abc.def' }),
  partner: done('authenticatePartner', { redirectURL: `${PARTNER}/oauth/authorize?state=abc.def` }),
  elsewhere: done('authenticatePartner', { redirectURL: 'https://evil.example/authorize?state=abc.def' }),
  protocolRelative: done('authenticatePartner', { redirectURL: '//evil.example/x' }),
  script: done('authenticatePartner', { redirectURL: 'javascript:alert(1)' }),
  alreadyLinked: fail('authenticatePartner', apiError(409, 'ALREADY_LINKED', "You're already linked!")),
  down: fail('authenticatePartner', serverDown),
  signedOut: fail('authenticatePartner', apiError(401, 'UNAUTHORIZED', 'Sign in required.')),
} as const;
const E = partnerRedirectEvents;

/** where the window goes for each allowed answer (resolved against this app's origin) */
const FOLLOWED: Record<string, string> = {
  '/dev/hotel-partner/authorize?state=abc.def': `${APP}/dev/hotel-partner/authorize?state=abc.def`,
  [`${PARTNER}/oauth/authorize?state=abc.def`]: `${PARTNER}/oauth/authorize?state=abc.def`,
};

type Snap = { value: unknown; context: { redirectURL: string | null; destination: string | null } };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.redirectURL, s.context.destination]);

export const partnerRedirectFlow: Flow<typeof partnerRedirectMachine> = {
  machine: partnerRedirectMachine,
  table: {
    waiting: { 'after partnerRedirectDelay': 'authenticating' },
    authenticating: {
      'xstate.done.actor.authenticatePartner': [{ guard: 'isAllowedRedirect', to: 'navigating' }, 'leaving'],
      'xstate.error.actor.authenticatePartner': [{ guard: 'isAlreadyLinked', to: 'leaving' }, 'leaving'],
    },
  },
  delays: { partnerRedirectDelay: 5000 },
  journeys: [
    { name: 'after 5 s, authenticate, then the sandbox partner', events: [E.waited, E.sandbox], ends: 'navigating' },
    { name: 'a configured partner on its own origin', events: [E.waited, E.partner], ends: 'navigating' },
    { name: 'already linked: /already-linked', events: [E.waited, E.alreadyLinked], ends: 'leaving' },
    { name: 'the call fails: /error', events: [E.waited, E.down], ends: 'leaving' },
    { name: 'a URL on another origin is not followed: /error', events: [E.waited, E.elsewhere], ends: 'leaving' },
    { name: 'a protocol-relative URL is not followed: /error', events: [E.waited, E.protocolRelative], ends: 'leaving' },
    { name: 'a javascript: URL is not followed: /error', events: [E.waited, E.script], ends: 'leaving' },
  ],
  catalogue: PartnerMessages,
  sees: {
    waiting: { tags: ['loading'], message: 'Taking you to Lodgecrest Rewards…' },
    authenticating: { tags: ['loading'], message: 'Taking you to Lodgecrest Rewards…' },
    navigating: { tags: ['loading'], message: 'Taking you to Lodgecrest Rewards…' },
  },
  effects: {
    'xstate.done.actor.authenticatePartner -> navigating': ['navigateWindow'],
    'xstate.done.actor.authenticatePartner -> leaving': ['redirect'],
    'xstate.error.actor.authenticatePartner -> leaving': ['redirect'],
  },
  arrange(machine) {
    const fakes = requestFakes({ authenticatePartner: authenticatePartnerRequest });
    const spy = spyActions(['redirect', 'navigateWindow'] as const);
    let madeBefore = 0;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      beforePath: () => void (madeBefore = fakes.made.length),
      spy: { clear: spy.clear, step: () => spy.step().map((l) => ({ name: l.name, params: undefined })) },
      runs: [
        {
          name: 'page',
          options: { events: Object.values(partnerRedirectEvents) as never, input: { hotelPartner: 'lodgecrest', allowedOrigins: [APP, PARTNER] }, serializeState: serializeState as never },
        },
      ],
      onStep(s, event) {
        const c = s.context;
        if (s.matches('authenticating')) expect(fakes.last('authenticatePartner')).toEqual({ hotelPartner: 'lodgecrest' });
        // nothing is asked during the 5 s; one request once they are over
        expect(fakes.made.length - madeBefore).toBe(s.matches('waiting') ? 0 : 1);
        if (s.matches('navigating')) {
          const answer = (event as unknown as { output: { redirectURL: string } }).output.redirectURL;
          expect(c.redirectURL).toBe(FOLLOWED[answer]);
          expect(c.destination).toBeNull();
        } else expect(c.redirectURL).toBeNull();
        if (s.matches('leaving')) {
          const code = event.type === 'xstate.error.actor.authenticatePartner' ? (event as unknown as { error: { code: string } }).error.code : null;
          expect(c.destination).toBe(code === 'ALREADY_LINKED' ? '/rewards/partnerships/lodgecrest/already-linked' : '/rewards/partnerships/lodgecrest/error');
        } else expect(c.destination).toBeNull();
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('authenticatePartner')).toEqual([{ hotelPartner: 'lodgecrest' }]);
      },
    };
  },
};
