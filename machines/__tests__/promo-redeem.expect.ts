/**
 * Promo redemption (spec 3 section 4 "Promo redemption", section 5 "Offers", section 8 "Promo redemption";
 * docs/rewards.md 2.1), written from the spec: the page starts loading; (1) no match id in the URL fails (invalid);
 * else the campaign-link service answers the link or a code; (2) the user's data loads, a user error fails
 * (generic); (3) a user with a sub-market and a join date is checked (eligibility date valid and not later than the
 * join date, market = sub-market), ineligible shows 'Looks like you're not eligible for this offer.'; (4) link data
 * without a 'promocode' key (any case) shows the invalid message; (5) REDEEM_PROMO_CODE, 'Success!'. Codes: 1002 and
 * 1009 invalid; 1003, 1004, 1005, 1007 expired; 1006 try again; all others generic. Failed (ineligible, invalid,
 * expired) is permanent; error (too soon, generic) offers Try again.
 */
import { expect } from 'vitest';
import { promoRedeemMachine, campaignLinkRequest, redeemPromoCodeRequest } from '../promo-redeem.machine.ts';
import { PromoMessages } from '../../contracts/rewards-promo.ts';
import { requestFakes } from './model.ts';
import { apiError, serverDown, stuck } from './account-fakes.ts';
import { done, fail } from './cards-fixtures.ts';
import type { Flow } from './flow.ts';

const link = (over: Record<string, unknown> = {}) => ({
  matchId: 'spring-latte-01',
  campaignCode: 'SPRING-LATTE',
  linkData: { PromoCode: ' SPRINGLATTE ', utm: 'mail' } as Record<string, unknown>,
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: '2099-12-31T23:59:59.000Z',
  markets: ['US'],
  eligibleFrom: '2020-01-01T00:00:00.000Z',
  ...over,
});
const usLink = link();
const caLink = link({ matchId: 'pastry-ca', campaignCode: 'PASTRY-CA', linkData: { promocode: 'PASTRYCA' }, markets: ['CA'] });
const noCodeLink = link({ matchId: 'no-code-link', linkData: { utm: 'mail', promo: 'X', promocode: '  ' } });
const badDateLink = link({ matchId: 'bad-date', eligibleFrom: 'not a date' });
const usUser = { subMarket: 'US', joinDate: '2026-06-01T00:00:00.000Z' };
const earlyUser = { subMarket: 'US', joinDate: '2019-12-31T23:59:59.000Z' };
const noMarketUser = { subMarket: '', joinDate: '2026-06-01T00:00:00.000Z' };
const linkCode = (status: number, code: string) => fail('loadCampaignLink', apiError(status, code, 'x'));
const redeemCode = (status: number, code: string) => fail('redeemPromoCode', apiError(status, code, 'x'));

export const promoRedeemEvents = [
  { type: 'user.retry' }, // 0
  done('loadCampaignLink', usLink), // 1
  done('loadCampaignLink', caLink), // 2
  done('loadCampaignLink', noCodeLink), // 3
  done('loadCampaignLink', badDateLink), // 4
  linkCode(404, '1002'), // 5
  linkCode(422, '1009'), // 6
  linkCode(410, '1003'), // 7
  linkCode(410, '1004'), // 8
  linkCode(410, '1005'), // 9
  linkCode(410, '1007'), // 10
  linkCode(409, '1006'), // 11
  linkCode(429, '1008'), // 12
  fail('loadCampaignLink', serverDown), // 13
  done('loadPromoUser', usUser), // 14
  done('loadPromoUser', earlyUser), // 15
  done('loadPromoUser', noMarketUser), // 16
  fail('loadPromoUser', serverDown), // 17
  done('redeemPromoCode', { message: 'Success!' }), // 18
  redeemCode(403, 'PROMO_INELIGIBLE'), // 19
  redeemCode(404, '1002'), // 20
  redeemCode(410, '1004'), // 21
  redeemCode(409, '1006'), // 22
  fail('redeemPromoCode', serverDown), // 23
  redeemCode(410, '1005'), // 24
] as const;
const E = promoRedeemEvents as ReadonlyArray<{ type: string }>;

type Snap = { value: unknown; context: { link: { matchId: string } | null; user: { subMarket: string; joinDate: string } | null; errorCode: string | null; message: string | null } };
const serializeState = (s: Snap) => JSON.stringify({ v: s.value, l: s.context.link?.matchId ?? null, u: s.context.user ? `${s.context.user.subMarket}${s.context.user.joinDate}` : null, e: s.context.errorCode, m: s.context.message });

/** the code each failure event carries (what the machine must keep in errorCode) */
const codeOfEvent = (event: { type: string; error?: unknown }) => (event.error as { code?: string } | undefined)?.code;

export const promoRedeemFlow: Flow<typeof promoRedeemMachine> = {
  machine: promoRedeemMachine,
  table: {
    readingLink: { always: [{ guard: 'hasMatchId', to: 'loadingLink' }, 'failed.invalid'] },
    loadingLink: {
      'xstate.done.actor.loadCampaignLink': 'waitingForUser',
      'xstate.error.actor.loadCampaignLink': [
        { guard: 'isInvalidLinkCode', to: 'failed.invalid' },
        { guard: 'isExpiredLinkCode', to: 'failed.expired' },
        { guard: 'isTooSoonCode', to: 'failed.tooSoon' },
        'failed.generic',
      ],
    },
    waitingForUser: { 'xstate.done.actor.loadPromoUser': 'checking', 'xstate.error.actor.loadPromoUser': 'failed.generic' },
    checking: { always: [{ guard: 'isIneligible', to: 'failed.ineligible' }, { guard: 'hasPromoCode', to: 'redeeming' }, 'failed.invalid'] },
    redeeming: {
      'xstate.done.actor.redeemPromoCode': 'succeeded',
      'xstate.error.actor.redeemPromoCode': [
        { guard: 'isIneligibleCode', to: 'failed.ineligible' },
        { guard: 'isInvalidLinkCode', to: 'failed.invalid' },
        { guard: 'isExpiredLinkCode', to: 'failed.expired' },
        { guard: 'isTooSoonCode', to: 'failed.tooSoon' },
        'failed.generic',
      ],
    },
    'failed.tooSoon': { 'user.retry': 'loadingLink' },
    'failed.generic': { 'user.retry': 'loadingLink' },
  },
  journeys: [
    { name: 'a US member redeems the link once: Success!', run: 'link', events: [E[1]!, E[14]!, E[18]!], ends: 'succeeded' },
    { name: 'no match id in the URL: invalid, nothing asked', run: 'noMatchId', events: [], ends: 'failed.invalid' },
    { name: 'a blank match id: invalid', run: 'blankMatchId', events: [], ends: 'failed.invalid' },
    { name: '1002 unknown link: invalid', run: 'link', events: [E[5]!], ends: 'failed.invalid' },
    { name: '1009 unreadable link data: invalid', run: 'link', events: [E[6]!], ends: 'failed.invalid' },
    { name: '1003 ended: expired', run: 'link', events: [E[7]!], ends: 'failed.expired' },
    { name: '1004 withdrawn or redeemed before: expired', run: 'link', events: [E[8]!], ends: 'failed.expired' },
    { name: '1005 cap reached: expired', run: 'link', events: [E[9]!], ends: 'failed.expired' },
    { name: '1007 link expired: expired', run: 'link', events: [E[10]!], ends: 'failed.expired' },
    { name: '1006 too soon, Try again, then it redeems', run: 'link', events: [E[11]!, E[0]!, E[1]!, E[14]!, E[18]!], ends: 'succeeded' },
    { name: '1008 (all others): generic', run: 'link', events: [E[12]!], ends: 'failed.generic' },
    { name: 'the link service fails: generic, Try again', run: 'link', events: [E[13]!, E[0]!], ends: 'loadingLink' },
    { name: 'a user error: generic', run: 'link', events: [E[1]!, E[17]!], ends: 'failed.generic' },
    { name: 'a CA link for a US member: ineligible (market), no redemption', run: 'link', events: [E[2]!, E[14]!], ends: 'failed.ineligible' },
    { name: 'joined before the eligibility date: ineligible', run: 'link', events: [E[1]!, E[15]!], ends: 'failed.ineligible' },
    { name: 'an eligibility date that is not a date: ineligible', run: 'link', events: [E[4]!, E[14]!], ends: 'failed.ineligible' },
    { name: 'no sub-market: eligibility not checked, it redeems', run: 'link', events: [E[2]!, E[16]!, E[18]!], ends: 'succeeded' },
    { name: 'no promocode key in the link data: invalid', run: 'link', events: [E[3]!, E[14]!], ends: 'failed.invalid' },
    { name: 'a second redemption: 1004, expired', run: 'link', events: [E[1]!, E[14]!, E[21]!], ends: 'failed.expired' },
    { name: 'the server finds the member ineligible', run: 'link', events: [E[1]!, E[14]!, E[19]!], ends: 'failed.ineligible' },
    { name: 'redeem 1002: invalid', run: 'link', events: [E[1]!, E[14]!, E[20]!], ends: 'failed.invalid' },
    { name: 'redeem 1005: expired', run: 'link', events: [E[1]!, E[14]!, E[24]!], ends: 'failed.expired' },
    { name: 'redeem 1006: too soon', run: 'link', events: [E[1]!, E[14]!, E[22]!], ends: 'failed.tooSoon' },
    { name: 'redeem 500: generic, Try again, then Success!', run: 'link', events: [E[1]!, E[14]!, E[23]!, E[0]!, E[1]!, E[14]!, E[18]!], ends: 'succeeded' },
  ],
  catalogue: PromoMessages,
  sees: {
    readingLink: { tags: ['loading'] },
    loadingLink: { tags: ['loading'] },
    waitingForUser: { tags: ['loading'] },
    checking: { tags: ['loading'] },
    redeeming: { tags: ['loading'] },
    succeeded: { tags: ['success'], message: 'Success!' },
    failed: { tags: ['error'] },
    'failed.ineligible': { message: "Looks like you're not eligible for this offer." },
    'failed.invalid': { message: 'Looks like this offer could not be validated. Please try again.' },
    'failed.expired': { message: 'Looks like this offer can no longer be redeemed.' },
    'failed.tooSoon': { message: 'Looks like you tried to redeem this offer too soon. Try again later.' },
    'failed.generic': { message: 'Something went wrong. Please try again.' },
  },
  arrange(machine) {
    const fakes = requestFakes({ loadCampaignLink: campaignLinkRequest, redeemPromoCode: redeemPromoCodeRequest });
    return {
      machine: machine.provide({ actors: { ...fakes.actors, loadPromoUser: stuck() } }),
      runs: [
        { name: 'link', options: { events: promoRedeemEvents as never, input: { matchId: ' spring-latte-01 ' }, serializeState: serializeState as never } },
        { name: 'noMatchId', options: { events: promoRedeemEvents as never, input: { matchId: null }, serializeState: serializeState as never } },
        { name: 'blankMatchId', options: { events: promoRedeemEvents as never, input: { matchId: '   ' }, serializeState: serializeState as never } },
      ],
      onStep(s, event) {
        const c = s.context;
        // step 1: the link service is asked for the URL's match id, trimmed
        if (s.matches('loadingLink')) expect(fakes.last('loadCampaignLink')).toEqual({ matchId: 'spring-latte-01' });
        // step 5: the promo code is the link data's 'promocode' value (any case), trimmed
        if (s.matches('redeeming')) expect(fakes.last('redeemPromoCode')).toEqual({ promoCode: c.link?.matchId === 'pastry-ca' ? 'PASTRYCA' : 'SPRINGLATTE' });
        if (s.matches('redeeming') || s.matches('succeeded')) expect(c.link?.matchId === 'no-code-link').toBe(false);
        if (s.matches('waitingForUser')) expect(c.link).toEqual(event.type === 'xstate.done.actor.loadCampaignLink' ? (event as unknown as { output: unknown }).output : c.link);
        if (event.type === 'xstate.done.actor.loadPromoUser' && !s.matches('waitingForUser')) expect(c.user).toEqual((event as unknown as { output: unknown }).output);
        if (event.type.startsWith('xstate.error.actor.') && s.matches('failed')) expect(c.errorCode).toBe(codeOfEvent(event as never));
        if (event.type === 'user.retry' && s.matches('loadingLink')) expect(c.errorCode).toBeNull();
        if (s.matches('succeeded')) {
          expect(c.message).toBe('Success!');
          expect(c.errorCode).toBeNull();
        }
        // the eligibility rule (spec 5): a user with a sub-market and a join date, before the eligibility date or
        // in another market, never reaches the redemption
        if (s.matches('redeeming') && c.user?.subMarket && c.user.joinDate && c.link) {
          expect(c.link.markets).toContain(c.user.subMarket);
          expect(Date.parse(c.link.eligibleFrom) <= Date.parse(c.user.joinDate)).toBe(true);
        }
        if (s.matches({ failed: 'ineligible' }) && event.type === 'xstate.done.actor.loadPromoUser') {
          const u = c.user!;
          const l = c.link!;
          expect(u.subMarket !== '' && (!l.markets.includes(u.subMarket) || !(Date.parse(l.eligibleFrom) <= Date.parse(u.joinDate)))).toBe(true);
        }
      },
      afterAll() {
        expect(fakes.errors()).toEqual([]);
        expect(fakes.distinct('loadCampaignLink')).toEqual([{ matchId: 'spring-latte-01' }]);
        expect(fakes.distinct('redeemPromoCode').map((r) => (r as { promoCode: string }).promoCode).sort()).toEqual(['PASTRYCA', 'SPRINGLATTE']);
        expect(PromoMessages.promoSuccessNote).toBe('Your Reward may take up to 24 hours to show.');
      },
    };
  },
};
