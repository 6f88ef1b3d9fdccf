/**
 * The hotel partner landing (spec 3 section 2 "Partner landing page": "Finish-linking goes to the redirect path if
 * the user is signed in, otherwise to sign-in with a returnUrl", "An 'Unlink your accounts' link opens a confirm
 * dialog"; section 4 "Partner link and unlink": "Not signed in: the user is sent to sign-in with a return URL. Unlink:
 * the confirm button shows a loading state. Success goes to /unlinked. On error, code 8001034 goes to /not-linked,
 * any other goes to /error"; section 6; sign-in variants hotel-link / hotel-unlink of spec 2 section 2).
 */
import { expect } from 'vitest';
import { hotelPartnerMachine, unlinkPartnerRequest } from '../hotel-partner.machine.ts';
import { PartnerMessages } from '../../contracts/rewards-partner.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import { spyActions, type Flow } from './flow.ts';

const notLinked = { ...apiError(404, '8001034', "You're actually not linked!"), body: { code: '8001034', error: { code: '8001034' } } };
export const hotelPartnerEvents = {
  finishLinking: { type: 'user.finishLinking' },
  openUnlink: { type: 'user.openUnlink' },
  cancelUnlink: { type: 'user.cancelUnlink' },
  confirmUnlink: { type: 'user.confirmUnlink' },
  unlinked: done('unlinkPartner', { unlinked: true }),
  notLinked: fail('unlinkPartner', notLinked),
  down: fail('unlinkPartner', serverDown),
  partnerGone: fail('unlinkPartner', apiError(404, 'PARTNER_NOT_FOUND', "This partnership isn't available right now.")),
} as const;
const E = hotelPartnerEvents;

type Snap = { value: unknown; context: { destination: string | null } };
const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.destination]);

const INPUTS = {
  member: { signedIn: true, hotelPartner: 'lodgecrest' },
  guest: { signedIn: false, hotelPartner: 'lodgecrest' },
};

/** the destinations, written out (spec 2 and 3 routes; returnUrl and variant in the query) */
const TO = {
  redirect: '/rewards/partnerships/lodgecrest/redirect',
  linkSignIn: '/account/signin?returnUrl=%2Frewards%2Fpartnerships%2Flodgecrest%2Fredirect&variant=hotel-link',
  unlinkSignIn: '/account/signin?returnUrl=%2Frewards%2Fpartnerships%2Flodgecrest&variant=hotel-unlink',
  unlinked: '/rewards/partnerships/lodgecrest/unlinked',
  notLinked: '/rewards/partnerships/lodgecrest/not-linked',
  error: '/rewards/partnerships/lodgecrest/error',
};

export const hotelPartnerFlow: Flow<typeof hotelPartnerMachine> = {
  machine: hotelPartnerMachine,
  table: {
    landing: {
      'user.finishLinking': [{ guard: 'isSignedIn', to: 'leaving' }, 'leaving'],
      'user.openUnlink': [{ guard: 'isSignedIn', to: 'confirmingUnlink' }, 'leaving'],
    },
    confirmingUnlink: { 'user.cancelUnlink': 'landing', 'user.confirmUnlink': 'unlinking' },
    unlinking: {
      'xstate.done.actor.unlinkPartner': 'leaving',
      'xstate.error.actor.unlinkPartner': [{ guard: 'isNotLinked', to: 'leaving' }, 'leaving'],
    },
  },
  journeys: [
    { name: 'a guest presses Link: sign-in (hotel-link), back to the redirect page', run: 'guest', events: [E.finishLinking], ends: 'leaving' },
    { name: 'a member presses Link: the redirect page', run: 'member', events: [E.finishLinking], ends: 'leaving' },
    { name: 'a guest presses Unlink your accounts: sign-in (hotel-unlink), back to the landing', run: 'guest', events: [E.openUnlink], ends: 'leaving' },
    { name: 'unlink, confirm: /unlinked', run: 'member', events: [E.openUnlink, E.confirmUnlink, E.unlinked], ends: 'leaving' },
    { name: 'unlink when not linked (8001034): /not-linked', run: 'member', events: [E.openUnlink, E.confirmUnlink, E.notLinked], ends: 'leaving' },
    { name: 'unlink fails (500): /error', run: 'member', events: [E.openUnlink, E.confirmUnlink, E.down], ends: 'leaving' },
    { name: 'another 404 code is /error, not /not-linked', run: 'member', events: [E.openUnlink, E.confirmUnlink, E.partnerGone], ends: 'leaving' },
    { name: 'cancel closes the dialog, Link still works', run: 'member', events: [E.openUnlink, E.cancelUnlink, E.finishLinking], ends: 'leaving' },
    { name: 'cancel, then unlink again and confirm', run: 'member', events: [E.openUnlink, E.cancelUnlink, E.openUnlink, E.confirmUnlink], ends: 'unlinking' },
  ],
  catalogue: PartnerMessages,
  sees: {
    confirmingUnlink: { message: 'Unlink your accounts?' },
    unlinking: { tags: ['loading'], message: 'Unlink your accounts?' },
  },
  effects: {
    'user.finishLinking -> leaving': ['redirect'],
    'user.openUnlink -> leaving': ['redirect'],
    'xstate.done.actor.unlinkPartner -> leaving': ['redirect'],
    'xstate.error.actor.unlinkPartner -> leaving': ['redirect'],
  },
  arrange(machine) {
    const fakes = requestFakes({ unlinkPartner: unlinkPartnerRequest });
    const spy = spyActions(['redirect'] as const);
    return {
      machine: machine.provide({ actors: fakes.actors, actions: spy.actions }),
      spy: { clear: spy.clear, step: () => spy.step().map((l) => ({ name: l.name, params: undefined })) },
      runs: Object.entries(INPUTS).map(([name, input]) => ({ name, options: { events: Object.values(hotelPartnerEvents) as never, input, serializeState: serializeState as never } })),
      onStep(s, event, run) {
        const to = s.context.destination;
        if (s.matches('unlinking')) expect(fakes.last('unlinkPartner')).toEqual({ hotelPartner: 'lodgecrest' });
        if (!s.matches('leaving')) {
          expect(to).toBeNull();
          return;
        }
        if (event.type === 'user.finishLinking') expect(to).toBe(run === 'member' ? TO.redirect : TO.linkSignIn);
        else if (event.type === 'user.openUnlink') expect([run, to]).toEqual(['guest', TO.unlinkSignIn]);
        else if (event.type === 'xstate.done.actor.unlinkPartner') expect(to).toBe(TO.unlinked);
        else if (event.type === 'xstate.error.actor.unlinkPartner') {
          const code = (event as unknown as { error: { code: string } }).error.code;
          expect(to).toBe(code === '8001034' ? TO.notLinked : TO.error);
        } else throw new Error(`left on ${event.type}`);
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('unlinkPartner')).toEqual([{ hotelPartner: 'lodgecrest' }]);
      },
    };
  },
};
