import { setup, assign, fromPromise, type DoneActorEvent, type ErrorActorEvent, assertEvent } from 'xstate';
import { ConsentMessages, type AuthorizeRequest, type AuthorizeResponse, type AuthorizeStatus, type AuthorizeStatusRequest } from '../contracts/oauth.ts';
import { asFlowError, inputOf, notProvided } from './flow.ts';

/**
 * Third-party consent, /oauth/authorize (spec 2 section 4 "Third-party consent", section 5 consent rules, section 8:
 * consent failures show an error dialog; issue 11, docs/consent.md). On load (the route requires a signed-in
 * member) the status is checked; authorized with a redirect URI: the browser goes there. Otherwise the consent
 * form: Confirm posts and goes to the returned redirect URI (missing, or a failed call: the error dialog); Cancel
 * goes to the redirect URI with error=access_denied (RFC 6749 section 4.1.2.1; the spec writes access-denied) and the state appended.
 */
export interface OAuthConsentInput {
  /** the URL parameters client_id, response_type, redirect_uri, scope, state, code_challenge, code_challenge_method */
  clientId: string | null;
  responseType: string | null;
  redirectUri: string | null;
  scope: string | null;
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}
export interface OAuthConsentContext {
  params: OAuthConsentInput;
  status: AuthorizeStatus | null;
  /** where the browser goes (the redirect action) */
  destination: string | null;
  /** the error dialog's text */
  error: string | null;
}
export type OAuthConsentEvent =
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.dismiss' }
  | DoneActorEvent<AuthorizeStatus, 'checkStatus'>
  | ErrorActorEvent<unknown, 'checkStatus'>
  | DoneActorEvent<AuthorizeResponse, 'confirm'>
  | ErrorActorEvent<unknown, 'confirm'>;

export const OAUTH_CONSENT_DEFAULTS: OAuthConsentInput = { clientId: null, responseType: null, redirectUri: null, scope: null, state: null, codeChallenge: null, codeChallengeMethod: null };

const opt = (s: string | null) => (s ? s : undefined);

/** The request of the `checkStatus` actor (docs/machines.md): POST /oauth/authorize/status from the URL parameters. */
export function checkStatusRequest({ context }: { context: Pick<OAuthConsentContext, 'params'> }): AuthorizeStatusRequest {
  const p = context.params;
  if (!p.clientId || !p.responseType) throw new Error('checkStatus: authorization details missing');
  return {
    clientId: p.clientId,
    requestRedirectUri: p.redirectUri ?? '',
    responseType: p.responseType,
    scope: opt(p.scope),
    state: opt(p.state),
    codeChallenge: opt(p.codeChallenge),
    codeChallengeMethod: opt(p.codeChallengeMethod),
  };
}

/** The request of the `confirm` actor: POST /oauth/authorize with what the status call confirmed (and the PKCE challenge). */
export function confirmRequest({ context }: { context: Pick<OAuthConsentContext, 'params' | 'status'> }): AuthorizeRequest {
  const s = context.status;
  if (!s || !s.clientId || !s.responseType) throw new Error('confirm: authorization details missing');
  return {
    clientId: s.clientId,
    responseType: s.responseType,
    redirectUri: s.redirectUri ?? '',
    scope: opt(s.scope),
    state: opt(s.state),
    codeChallenge: opt(context.params.codeChallenge),
    codeChallengeMethod: opt(context.params.codeChallengeMethod),
  };
}

/** Cancel: the redirect URI with error=access_denied and the state appended (spec 2 section 4; the code is RFC 6749's access_denied, which client libraries understand, not the spec's access-denied). */
export function cancelDestination(status: Pick<AuthorizeStatus, 'redirectUri' | 'state'> | null): string | null {
  if (!status?.redirectUri) return null;
  const q = new URLSearchParams({ error: 'access_denied' });
  if (status.state) q.set('state', status.state);
  const base = status.redirectUri.split('#')[0]!;
  return `${base}${base.includes('?') ? '&' : '?'}${q}`;
}

export const oauthConsentMachine = setup({
  types: { context: {} as OAuthConsentContext, events: {} as OAuthConsentEvent, input: {} as Partial<OAuthConsentInput> },
  actors: {
    checkStatus: fromPromise<AuthorizeStatus, AuthorizeStatusRequest>(async () => notProvided('checkStatus')),
    confirm: fromPromise<AuthorizeResponse, AuthorizeRequest>(async () => notProvided('confirm')),
  },
  guards: {
    /** spec 2 section 5: the status call needs client_id and response_type */
    hasDetails: ({ context }) => !!context.params.clientId && !!context.params.responseType,
    /** authorized is true and a redirect URI exists */
    isAuthorized: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkStatus');
      return event.output.authorized && !!event.output.redirectUri;
    },
    /** confirm needs the same details (from the status) */
    hasConfirmDetails: ({ context }) => !!context.status?.clientId && !!context.status.responseType,
    hasCancelDestination: ({ context }) => !!cancelDestination(context.status),
    hasRedirect: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.confirm');
      return !!event.output.redirectUri;
    },
    hasStatus: ({ context }) => !!context.status,
  },
  actions: {
    applyInput: assign(({ event }) => ({ params: inputOf<OAuthConsentInput>(event, OAUTH_CONSENT_DEFAULTS) })),
    redirect: () => {},
    assignStatus: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkStatus');
      return { status: event.output, error: null };
    }),
    assignAuthorizedDestination: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.checkStatus');
      return { status: event.output, destination: event.output.redirectUri };
    }),
    assignConfirmedDestination: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.confirm');
      return { destination: event.output.redirectUri ?? null };
    }),
    assignCancelDestination: assign(({ context }) => ({ destination: cancelDestination(context.status) })),
    assignMissingDetails: assign({ error: ConsentMessages.missingDetails }),
    assignMissingRedirect: assign({ error: ConsentMessages.missingRedirect }),
    assignError: assign(({ event }) => {
      assertEvent(event, ['xstate.error.actor.checkStatus', 'xstate.error.actor.confirm']);
      return { error: asFlowError(event.error).message };
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'oauthConsent',
  description: 'Grants or refuses a third-party application access to the account (OAuth 2.0 authorization code with PKCE).',
  meta: { title: 'Third-party consent', spec: '2 §2 /oauth/authorize, §4 Third-party consent, §5 Consent, §7 oauth calls, §8 error dialog' },
  context: { params: OAUTH_CONSENT_DEFAULTS, status: null, destination: null, error: null },
  entry: 'applyInput',
  initial: 'start',
  states: {
    start: {
      description: 'The URL parameters client_id and response_type are required before anything is asked.',
      always: [{ guard: 'hasDetails', target: 'checking' }, { target: 'failed', actions: 'assignMissingDetails' }],
    },
    checking: {
      description: 'POST /oauth/authorize/status; the heading is the loading title with an ellipsis.',
      tags: ['loading'],
      invoke: {
        id: 'checkStatus',
        src: 'checkStatus',
        input: checkStatusRequest,
        onDone: [{ guard: 'isAuthorized', target: 'redirecting', actions: 'assignAuthorizedDestination' }, { target: 'consenting', actions: 'assignStatus' }],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    consenting: {
      description: 'The form: client image and name, the claims, Cancel and Confirm.',
      on: {
        'user.confirm': [{ guard: 'hasConfirmDetails', target: 'confirming' }, { target: 'failed', actions: 'assignMissingDetails' }],
        'user.cancel': { guard: 'hasCancelDestination', target: 'redirecting', actions: 'assignCancelDestination' },
      },
    },
    confirming: {
      description: 'POST /oauth/authorize; the heading is the loading title.',
      tags: ['loading'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: confirmRequest,
        onDone: [{ guard: 'hasRedirect', target: 'redirecting', actions: 'assignConfirmedDestination' }, { target: 'failed', actions: 'assignMissingRedirect' }],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    failed: {
      description: 'The error dialog.',
      tags: ['error'],
      on: { 'user.dismiss': [{ guard: 'hasStatus', target: 'consenting', actions: 'clearError' }, { target: 'unavailable' }] },
    },
    unavailable: {
      description: 'The dialog was closed and there is nothing to consent to: the page says so, with a way back.',
      tags: ['error'],
    },
    redirecting: {
      description: 'The browser goes to the destination (the client with a code, or with error=access_denied); loading title.',
      tags: ['loading'],
      type: 'final',
      entry: 'redirect',
    },
  },
});
