/**
 * The events (with real payloads) of the /oauth/authorize machine's model, shared by the model-based path test
 * (oauth-consent.expect.ts) and the view test that walks the same paths (src/views/consent/OAuthConsentView.test.tsx).
 */
import type { AuthorizeStatus } from '../../contracts/oauth.ts';
import type { OAuthConsentInput } from '../oauth-consent.machine.ts';
import { apiError, serverDown } from './account-fakes.ts';

export const CONSENT_INPUT: OAuthConsentInput = {
  clientId: 'brewbudget',
  responseType: 'code',
  redirectUri: 'https://brewbudget.example/oauth/callback',
  scope: 'account card',
  state: 'st-1',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  codeChallengeMethod: 'S256',
};
/** the URL without client_id (spec 2 section 5: 'Authorization details are missing or incomplete.') */
export const CONSENT_INPUT_MISSING: OAuthConsentInput = { ...CONSENT_INPUT, clientId: null };

export const STATUS_NEW: AuthorizeStatus = {
  authorized: false,
  redirectUri: 'https://brewbudget.example/oauth/callback',
  clientId: 'brewbudget',
  clientName: 'BrewBudget',
  clientImage: '/oauth-clients/brewbudget.svg',
  responseType: 'code',
  scope: 'account card',
  state: 'st-1',
  claims: [
    { scope: 'account', description: 'See your profile: your name and email address' },
    { scope: 'card', description: 'See your cards, their balances and transactions' },
  ],
};
export const STATUS_AUTHORIZED: AuthorizeStatus = { ...STATUS_NEW, authorized: true, redirectUri: 'https://brewbudget.example/oauth/callback?code=granted-code&state=st-1' };
/** a status that lacks what Confirm and Cancel need (no client id, no redirect URI) */
export const STATUS_INCOMPLETE: AuthorizeStatus = { ...STATUS_NEW, authorized: true, clientId: '', redirectUri: null };

export const consentEvents = [
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'user.dismiss' },
  { type: 'xstate.done.actor.checkStatus', output: STATUS_NEW, actorId: 'checkStatus' },
  { type: 'xstate.done.actor.checkStatus', output: STATUS_AUTHORIZED, actorId: 'checkStatus' },
  { type: 'xstate.done.actor.checkStatus', output: STATUS_INCOMPLETE, actorId: 'checkStatus' },
  { type: 'xstate.error.actor.checkStatus', error: apiError(400, 'INVALID_REDIRECT_URI', 'The redirect URI is not registered for this application.', { field: 'requestRedirectUri' }), actorId: 'checkStatus' },
  { type: 'xstate.done.actor.confirm', output: { redirectUri: 'https://brewbudget.example/oauth/callback?code=new-code&state=st-1' }, actorId: 'confirm' },
  { type: 'xstate.done.actor.confirm', output: { redirectUri: null }, actorId: 'confirm' },
  { type: 'xstate.error.actor.confirm', error: serverDown, actorId: 'confirm' },
] as const;
