import { setup, assign, fromPromise, assertEvent } from 'xstate';
import { PARTNER_REDIRECT_DELAY_MS, PartnerCodes, type PartnerAuthenticateAnswer, type PartnerSubPath } from '../contracts/rewards-partner.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';
import { pathTo } from './app-paths.ts';

/**
 * The partner redirect page, /rewards/partnerships/$hotelPartner/redirect (spec 3 section 4 "Partner link and unlink":
 * "waits 5 seconds, requests the authenticate call, then navigates the window to the returned redirect URL. On failure
 * it goes to /error"; section 9 "Partner redirect delay 5 s"; docs/rewards.md 2.4). Already linked → /already-linked.
 * The URL is followed only when its origin is this app's or the configured partner's (the server never takes it from
 * the request either): anything else is /error.
 */
export interface PartnerRedirectInput {
  hotelPartner: string;
  /** this app's origin first (a same-origin path resolves against it), then the configured partner's */
  allowedOrigins: string[];
}
export interface PartnerRedirectContext extends PartnerRedirectInput {
  redirectURL: string | null;
  destination: string | null;
}
export type PartnerRedirectEvent =
  | { type: 'xstate.done.actor.authenticatePartner'; output: PartnerAuthenticateAnswer }
  | { type: 'xstate.error.actor.authenticatePartner'; error: unknown };

export interface AuthenticatePartnerRequest {
  hotelPartner: string;
}

export const PARTNER_REDIRECT_INPUT_DEFAULTS: PartnerRedirectInput = { hotelPartner: 'lodgecrest', allowedOrigins: [] };

/** The request of `authenticatePartner` (GET /apiproxy/v1/rewards/partnerships/{hotelPartner}/authenticate). */
export function authenticatePartnerRequest({ context }: { context: Pick<PartnerRedirectContext, 'hotelPartner'> }): AuthenticatePartnerRequest {
  if (!context.hotelPartner) throw new Error('authenticatePartner: no partner');
  return { hotelPartner: context.hotelPartner };
}

/** The URL to follow, resolved against this app's origin, when its origin is allowed; else null. */
export function allowedRedirect(url: string, allowedOrigins: readonly string[]): string | null {
  const base = allowedOrigins[0];
  if (!base) return null;
  try {
    const u = new URL(url, base);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return allowedOrigins.includes(u.origin) ? u.href : null;
  } catch {
    return null;
  }
}

export const partnerRedirectMachine = setup({
  types: { context: {} as PartnerRedirectContext, events: {} as PartnerRedirectEvent, input: {} as PartnerRedirectInput },
  actors: {
    authenticatePartner: fromPromise<PartnerAuthenticateAnswer, AuthenticatePartnerRequest>(async () => notProvided('authenticatePartner')),
  },
  delays: {
    /** spec 9: the redirect page waits 5 s */
    partnerRedirectDelay: PARTNER_REDIRECT_DELAY_MS,
  },
  guards: {
    isAllowedRedirect: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.authenticatePartner');
      return allowedRedirect(event.output.redirectURL, context.allowedOrigins) !== null;
    },
    isAlreadyLinked: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.authenticatePartner');
      return asFlowError(event.error).code === PartnerCodes.alreadyLinked;
    },
  },
  actions: {
    /** provided by the route: navigate (in the app) to `context.destination` */
    redirect: () => {},
    /** provided by the route: window.location.assign(context.redirectURL) */
    navigateWindow: () => {},
    applyInput: assign(({ event }) => inputOf<PartnerRedirectInput>(event, PARTNER_REDIRECT_INPUT_DEFAULTS)),
    assignRedirect: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.authenticatePartner');
      return { redirectURL: allowedRedirect(event.output.redirectURL, context.allowedOrigins) };
    }),
    goTo: assign(({ context }, params: { page: PartnerSubPath }) => ({ destination: pathTo.hotelPartnerSub(context.hotelPartner, params.page) })),
  },
}).createMachine({
  id: 'partnerRedirect',
  description: 'Waits 5 s, asks for the partner’s authorize URL, and sends the window there.',
  meta: { title: 'Partner redirect (/rewards/partnerships/$hotelPartner/redirect)', spec: '3 §4 Partner link and unlink, §8 Partner flow, §9 (5 s)' },
  context: { hotelPartner: 'lodgecrest', allowedOrigins: [], redirectURL: null, destination: null },
  entry: 'applyInput',
  initial: 'waiting',
  states: {
    waiting: {
      description: "'Taking you to Lodgecrest Rewards…' with a progress bar, for 5 s.",
      tags: ['loading'],
      meta: { message: 'redirecting' },
      after: { partnerRedirectDelay: { target: 'authenticating' } },
    },
    authenticating: {
      description: 'The authenticate call: the partner’s URL with a signed state.',
      tags: ['loading'],
      meta: { message: 'redirecting' },
      invoke: {
        id: 'authenticatePartner',
        src: 'authenticatePartner',
        input: authenticatePartnerRequest,
        onDone: [
          { guard: 'isAllowedRedirect', target: 'navigating', actions: 'assignRedirect' },
          { target: 'leaving', actions: [{ type: 'goTo', params: { page: 'error' } }, 'redirect'] },
        ],
        onError: [
          { guard: 'isAlreadyLinked', target: 'leaving', actions: [{ type: 'goTo', params: { page: 'already-linked' } }, 'redirect'] },
          { target: 'leaving', actions: [{ type: 'goTo', params: { page: 'error' } }, 'redirect'] },
        ],
      },
    },
    navigating: {
      description: 'The window goes to the partner’s page.',
      type: 'final',
      tags: ['loading'],
      meta: { message: 'redirecting' },
      entry: 'navigateWindow',
    },
    leaving: {
      description: 'Gone to /already-linked or /error.',
      type: 'final',
    },
  },
});
