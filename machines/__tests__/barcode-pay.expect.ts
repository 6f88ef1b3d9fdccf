/**
 * Barcode pay, the #pay overlay (spec 2 section 2 #pay, section 3 barcode state, section 4 "Barcode pay", section 6,
 * section 8 barcode failure): a guest is sent to sign in first and nothing is fetched; REAUTH_REQUIRED triggers
 * re-authentication; otherwise the loader, then the server-made barcode of a pay code (a fresh one after
 * PAY_CODE_REFRESH_MS), or 'Barcode is temporarily down…' with the card's last four and Try again. The machine
 * never holds the full card number (issue 25).
 */
import { expect } from 'vitest';
import { barcodePayMachine, fetchBarcodeRequest } from '../barcode-pay.machine.ts';
import { requestFakes } from './model.ts';
import { apiError } from './account-fakes.ts';
import { done, fail, serverDown } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

export const barcodePayEvents = [
  done('fetchBarcode', { uri: 'data:image/png;base64,AAAA', code: '7319044028551736', expiresAt: '2026-11-28T05:00:00.000Z', lastFour: '0001', format: 'pdf417' }),
  { type: 'xstate.after.payCodeRefresh.barcodePay.showing' },
  fail('fetchBarcode', serverDown),
  fail('fetchBarcode', apiError(403, 'REAUTH_REQUIRED', 'For your security, confirm your identity to continue.')),
  { type: 'user.retry' },
  { type: 'user.close' },
];

const B = barcodePayEvents as ReadonlyArray<{ type: string }>;

export const barcodePayFlow: Flow<typeof barcodePayMachine> = {
  machine: barcodePayMachine,
  table: {
    starting: { always: [{ guard: 'isGuest', to: 'signInRequired' }, 'loading'] },
    loading: {
      'xstate.done.actor.fetchBarcode': 'showing',
      'xstate.error.actor.fetchBarcode': [{ guard: 'needsReauth', to: 'reauthRequired' }, 'failed'],
    },
    showing: { 'user.close': 'closed', 'after payCodeRefresh': 'loading' },
    failed: { 'user.retry': 'loading', 'user.close': 'closed' },
  },
  // spec 2 "pay with a barcode": members see the barcode; guests sign in; a failure can be retried
  journeys: [
    { name: 'the barcode shows, then closes', run: 'signed in', events: [B[0]!, B[5]!], ends: 'closed' },
    { name: 'the barcode shows', run: 'signed in', events: [B[0]!], ends: 'showing' },
    { name: 'a fresh pay code before this one expires', run: 'signed in', events: [B[0]!, B[1]!, B[0]!], ends: 'showing' },
    { name: 'fails, retried', run: 'signed in', events: [B[2]!, B[4]!, B[0]!], ends: 'showing' },
    { name: 'fails, closed', run: 'signed in', events: [B[2]!, B[5]!], ends: 'closed' },
    { name: 'reauthentication', run: 'signed in', events: [B[3]!], ends: 'reauthRequired' },
    { name: 'a guest signs in first', run: 'guest', events: [], ends: 'signInRequired' },
  ],
  sees: { signInRequired: { tags: ['redirecting'] }, loading: { tags: ['loading'] }, reauthRequired: { tags: ['redirecting'] }, failed: { tags: ['error'] } },
  effects: { '* -> signInRequired': ['redirect'], '* -> reauthRequired': ['redirect'], '* -> closed': ['close'] },
  arrange(machine) {
    const fakes = requestFakes({ fetchBarcode: fetchBarcodeRequest });
    const spy = spyActions(['redirect', 'close'] as const);
    let guestSteps = 0;
    let guestFetches = 0;
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy,
      runs: [
        { name: 'signed in', options: { events: barcodePayEvents as never, input: { signedIn: true, cardId: 'c1', lastFour: '0001' } } },
        { name: 'guest', options: { events: barcodePayEvents as never, input: { signedIn: false, cardId: 'c1', lastFour: '0001' } } },
      ],
      beforePath: () => void (guestFetches = fakes.made.length),
      onStep(s, event, run) {
        const c = s.context;
        // sign-in (and re-authentication) come back to this card's #pay
        expect(c.destination).toBe(s.matches('signInRequired') || s.matches('reauthRequired') ? '/account/signin?returnUrl=%2Faccount%2Fcards%2Fc1%23pay' : null);
        if (run === 'guest') {
          // a guest is sent to sign in first and nothing is fetched
          guestSteps++;
          expect(s.matches('signInRequired')).toBe(true);
          expect(fakes.made.length).toBe(guestFetches);
          return;
        }
        if (s.matches('loading')) expect(fakes.last('fetchBarcode')).toEqual({ cardId: 'c1' });
        if (s.matches('failed')) expect([c.uri, c.code, c.error]).toEqual([null, null, 'Barcode is temporarily down. To pay in store, show the barcode number to your barista']);
        if (s.matches('showing')) expect([c.uri, c.code, c.error]).toEqual(['data:image/png;base64,AAAA', '7319044028551736', null]);
        if (s.matches('reauthRequired')) expect(c.uri).toBeNull();
        // the card is named by id and last four only: no full card number anywhere in the context
        expect([c.cardId, c.lastFour]).toEqual(['c1', '0001']);
        expect(JSON.stringify(c)).not.toContain('6000100000000001');
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('fetchBarcode')).toEqual([{ cardId: 'c1' }]);
        expect(guestSteps).toBeGreaterThan(0);
      },
    };
  },
};
