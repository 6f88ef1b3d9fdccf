import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { checkStatusRequest, confirmRequest, oauthConsentMachine } from '../../../machines/oauth-consent.machine.ts';
import { CONSENT_INPUT, CONSENT_INPUT_MISSING, consentEvents } from '../../../machines/__tests__/oauth-consent.events.ts';
import { modelPaths, pathName, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { OAuthConsentView } from './OAuthConsentView.tsx';

const PKCE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const consent = (input: typeof CONSENT_INPUT): FlowViewModel<typeof oauthConsentMachine> => ({
  machine: oauthConsentMachine,
  events: consentEvents,
  input,
  serializeState: (s) => JSON.stringify({ v: s.value, s: s.context.status, d: s.context.destination, e: s.context.error }),
  actors: ['checkStatus', 'confirm'],
  requests: { checkStatus: checkStatusRequest, confirm: confirmRequest },
  spyActions: ['redirect'],
  render: (actor) => <OAuthConsentView actor={actor} product="Harbor" />,
  perform: {
    'user.confirm': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Confirm' })),
    'user.cancel': async (_e, { user }) => user.click(screen.getByText('Cancel')),
    'user.dismiss': async (_e, { user }) => user.click(screen.getByRole('button', { name: 'Close' })),
  },
  // spec 2 section 4/7: the status call with the URL's parameters on arrival, the authorize call with what the
  // status confirmed (and the PKCE challenge) on Confirm, nothing on Cancel or Close
  sends: (event, s) => {
    if (event.type === 'xstate.init' && s.matches('checking')) {
      return [{ src: 'checkStatus', request: { clientId: 'brewbudget', requestRedirectUri: 'https://brewbudget.example/oauth/callback', responseType: 'code', scope: 'account card', state: 'st-1', codeChallenge: PKCE, codeChallengeMethod: 'S256' } }];
    }
    if (event.type === 'user.confirm' && s.matches('confirming')) {
      return [{ src: 'confirm', request: { clientId: 'brewbudget', responseType: 'code', redirectUri: 'https://brewbudget.example/oauth/callback', scope: 'account card', state: 'st-1', codeChallenge: PKCE, codeChallengeMethod: 'S256' } }];
    }
    return [];
  },
  check: (s, { spies }, event) => {
    const h1 = screen.getByRole('heading', { level: 1 });
    // while loading or redirecting the heading is the loading title with an ellipsis
    expect(h1.textContent).toBe(s.hasTag('loading') ? 'Loading…' : 'Give access to your Harbor account?');
    if (s.matches('consenting')) {
      const st = s.context.status!;
      expect(screen.getByRole('heading', { level: 2, name: 'BrewBudget' })).toBeTruthy();
      expect(document.querySelector('.consent-client img')!.getAttribute('src')).toBe('/oauth-clients/brewbudget.svg');
      expect(screen.getByText('By granting BrewBudget access to your account, this application will be able to:')).toBeTruthy();
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['See your profile: your name and email address', 'See your cards, their balances and transactions']);
      expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
      // Cancel is a link to the redirect URI with error=access_denied and the state
      if (st.redirectUri) expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('https://brewbudget.example/oauth/callback?error=access_denied&state=st-1');
      else expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    } else {
      expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    }
    if (s.matches('failed')) {
      const dialog = screen.getByRole('dialog');
      expect(dialog.querySelector('h2')!.textContent).toBe('Something went wrong');
      expect(dialog.querySelector('p')!.textContent).toBe(s.context.error);
      if (event.type === 'xstate.done.actor.confirm') expect(dialog.querySelector('p')!.textContent).toBe('Redirect URI is missing in the response.');
      if (event.type === 'xstate.init' || event.type === 'user.confirm') expect(dialog.querySelector('p')!.textContent).toBe('Authorization details are missing or incomplete.');
      if (event.type === 'xstate.error.actor.confirm') expect(dialog.querySelector('p')!.textContent).toBe('Something went wrong. Please try again.');
    } else {
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    if (s.matches('unavailable')) expect(screen.getByText('This application sent a request we cannot accept. Go back to the application and try again.')).toBeTruthy();
    if (s.matches('redirecting')) {
      expect(spies.redirect).toHaveBeenCalledTimes(1);
      // where the browser goes: the client with the new code, with the code it already has, or access_denied (RFC 6749; the spec writes access-denied)
      const to = {
        'user.cancel': 'https://brewbudget.example/oauth/callback?error=access_denied&state=st-1',
        'xstate.done.actor.confirm': 'https://brewbudget.example/oauth/callback?code=new-code&state=st-1',
        'xstate.done.actor.checkStatus': 'https://brewbudget.example/oauth/callback?code=granted-code&state=st-1',
      }[event.type];
      expect(s.context.destination, `destination after ${event.type}`).toBe(to);
      if (s.context.status?.authorized && s.context.destination?.includes('granted-code')) expect(screen.getByRole('status').textContent).toBe('You already gave BrewBudget access. Taking you back…');
    } else expect(spies.redirect).not.toHaveBeenCalled();
  },
});

describe('OAuthConsentView along the consent model paths (with details)', () => {
  const m = consent(CONSENT_INPUT);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
describe('OAuthConsentView along the consent model paths (no client_id)', () => {
  const m = consent(CONSENT_INPUT_MISSING);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
