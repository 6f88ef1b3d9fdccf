/**
 * Third-party consent /oauth/authorize (spec 2 section 4 "Third-party consent", section 5 "Consent", section 8):
 * status on load; authorized with a redirect URI → redirect; else the form; Confirm → the returned redirect URI
 * (missing → 'Redirect URI is missing in the response.', failure → the error dialog); Cancel → the redirect URI with
 * error=access_denied and the state; no client_id or response_type → 'Authorization details are missing or incomplete.'
 */
import { expect } from 'vitest';
import { checkStatusRequest, confirmRequest, oauthConsentMachine } from '../oauth-consent.machine.ts';
import { requestFakes } from './model.ts';
import { spyActions, type Flow } from './flow.ts';
import { CONSENT_INPUT, CONSENT_INPUT_MISSING, consentEvents } from './oauth-consent.events.ts';

const CANCEL = 'https://brewbudget.example/oauth/callback?error=access_denied&state=st-1';

const O = consentEvents as ReadonlyArray<{ type: string }>;

export const oauthConsentFlow: Flow<typeof oauthConsentMachine> = {
  machine: oauthConsentMachine,
  table: {
    start: { always: [{ guard: 'hasDetails', to: 'checking' }, 'failed'] },
    checking: {
      'xstate.done.actor.checkStatus': [{ guard: 'isAuthorized', to: 'redirecting' }, 'consenting'],
      'xstate.error.actor.checkStatus': 'failed',
    },
    consenting: {
      'user.confirm': [{ guard: 'hasConfirmDetails', to: 'confirming' }, 'failed'],
      'user.cancel': { guard: 'hasCancelDestination', to: 'redirecting' },
    },
    confirming: {
      'xstate.done.actor.confirm': [{ guard: 'hasRedirect', to: 'redirecting' }, 'failed'],
      'xstate.error.actor.confirm': 'failed',
    },
    failed: { 'user.dismiss': [{ guard: 'hasStatus', to: 'consenting' }, 'unavailable'] },
  },
  // spec 2 section 4 "Third-party consent": Confirm grants (the client with a code), Cancel refuses (the client
  // with access_denied); an authorized client goes straight back; failures show the dialog
  journeys: [
    { name: 'confirm: back to the client with a code', run: 'with details', events: [O[3]!, O[0]!, O[7]!], ends: 'redirecting' },
    { name: 'confirm, no redirect in the answer', run: 'with details', events: [O[3]!, O[0]!, O[8]!], ends: 'failed' },
    { name: 'confirm fails', run: 'with details', events: [O[3]!, O[0]!, O[9]!], ends: 'failed' },
    { name: 'confirm fails, dismissed: the form again', run: 'with details', events: [O[3]!, O[0]!, O[9]!, O[2]!], ends: 'consenting' },
    { name: 'confirming', run: 'with details', events: [O[3]!, O[0]!], ends: 'confirming' },
    { name: 'cancel: back to the client with access_denied', run: 'with details', events: [O[3]!, O[1]!], ends: 'redirecting' },
    { name: 'already authorized: straight back', run: 'with details', events: [O[4]!], ends: 'redirecting' },
    { name: 'incomplete status: the form', run: 'with details', events: [O[5]!], ends: 'consenting' },
    { name: 'incomplete status: confirm cannot be sent', run: 'with details', events: [O[5]!, O[0]!], ends: 'failed' },
    { name: 'the status call fails', run: 'with details', events: [O[6]!], ends: 'failed' },
    { name: 'the status call fails, dismissed: unavailable', run: 'with details', events: [O[6]!, O[2]!], ends: 'unavailable' },
    { name: 'no client_id: the dialog', run: 'missing client_id', events: [], ends: 'failed' },
  ],
  sees: {
    checking: { tags: ['loading'] },
    confirming: { tags: ['loading'] },
    redirecting: { tags: ['loading'] },
    failed: { tags: ['error'] },
    unavailable: { tags: ['error'] },
  },
  effects: { '* -> redirecting': ['redirect'] },
  arrange(machine) {
    const fakes = requestFakes({ checkStatus: checkStatusRequest, confirm: confirmRequest });
    const spy = spyActions(['redirect'] as const);
    let lastUser = '';
    let lastDone: unknown = null;
    let madeBefore = 0;
    const serializeState = (s: { value: unknown; context: { status: unknown; destination: unknown; error: unknown } }) => JSON.stringify({ v: s.value, s: s.context.status, d: s.context.destination, e: s.context.error });
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      beforePath: () => void ((lastUser = ''), (lastDone = null), (madeBefore = fakes.made.length)),
      runs: [
        { name: 'with details', options: { events: consentEvents as never, input: CONSENT_INPUT, serializeState: serializeState as never } },
        { name: 'missing client_id', options: { events: consentEvents as never, input: CONSENT_INPUT_MISSING, serializeState: serializeState as never } },
      ],
      onStep(s, event, run) {
        const c = s.context;
        if (event.type.startsWith('user.')) lastUser = event.type;
        if (event.type.startsWith('xstate.done.actor.')) lastDone = (event as unknown as { output: unknown }).output;
        if (event.type === 'xstate.init' && run === 'missing client_id') {
          // nothing is asked without client_id: the error dialog names what is missing
          expect(s.matches('failed')).toBe(true);
          expect(c.error).toBe('Authorization details are missing or incomplete.');
          expect(fakes.made.length).toBe(madeBefore);
        }
        if (s.matches('checking')) expect(fakes.last('checkStatus')).toEqual({ clientId: 'brewbudget', requestRedirectUri: 'https://brewbudget.example/oauth/callback', responseType: 'code', scope: 'account card', state: 'st-1', codeChallenge: CONSENT_INPUT.codeChallenge, codeChallengeMethod: 'S256' });
        if (s.matches('confirming')) expect(fakes.last('confirm')).toEqual({ clientId: 'brewbudget', responseType: 'code', redirectUri: 'https://brewbudget.example/oauth/callback', scope: 'account card', state: 'st-1', codeChallenge: CONSENT_INPUT.codeChallenge, codeChallengeMethod: 'S256' });
        if (s.matches('consenting')) {
          expect(c.status).not.toBeNull();
          expect(c.error).toBeNull();
          expect(c.destination).toBeNull();
        }
        if (s.matches('redirecting')) {
          // already authorized: the status's redirect URI; Confirm: the returned one; Cancel: access_denied with the state
          if (event.type === 'xstate.done.actor.checkStatus') expect(c.destination).toBe('https://brewbudget.example/oauth/callback?code=granted-code&state=st-1');
          else if (event.type === 'xstate.done.actor.confirm') expect(c.destination).toBe('https://brewbudget.example/oauth/callback?code=new-code&state=st-1');
          else {
            expect(event.type).toBe('user.cancel');
            expect(c.destination).toBe(CANCEL);
          }
        }
        if (s.matches('failed')) {
          if (event.type === 'xstate.error.actor.checkStatus') expect(c.error).toBe('The redirect URI is not registered for this application.');
          if (event.type === 'xstate.error.actor.confirm') expect(c.error).toBe('Something went wrong. Please try again.');
          if (event.type === 'xstate.done.actor.confirm') expect(c.error).toBe('Redirect URI is missing in the response.');
          if (event.type === 'user.confirm') expect(c.error).toBe('Authorization details are missing or incomplete.');
          expect(c.destination).toBeNull();
        }
        if (s.matches('unavailable')) expect(c.status).toBeNull();
        if (event.type === 'xstate.done.actor.checkStatus' && !s.matches('redirecting')) expect(c.status).toEqual(lastDone);
        if (lastUser === 'user.cancel' && !s.matches('redirecting')) throw new Error('Cancel did not leave');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('checkStatus')).toHaveLength(1);
        expect(fakes.distinct('confirm')).toHaveLength(1);
      },
    };
  },
};
