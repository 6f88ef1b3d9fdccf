import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { hotelPartnerMachine, unlinkPartnerRequest } from '../../../machines/hotel-partner.machine.ts';
import { hotelPartnerEvents } from '../../../machines/__tests__/hotel-partner.expect.ts';
import { PartnerMessages } from '../../../contracts/rewards-partner.ts';
import { modelPaths, pathName, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { PARTNER_TEXTS, specText } from '../../test/spec-texts.ts';
import { PartnerLandingView } from './PartnerLandingView.tsx';

/**
 * The hotel partner landing along every path of the hotelPartner machine (spec 3 section 2 "Partner landing page",
 * section 4): hero with Join and Link, three perks with footnote links, three steps, terms, 'Unlink your accounts' and
 * its confirm dialog whose Unlink button is busy while the call runs; the requests sent.
 */
type M = typeof hotelPartnerMachine;

const base = (signedIn: boolean): FlowViewModel<M> => ({
  machine: hotelPartnerMachine,
  events: Object.values(hotelPartnerEvents) as unknown as AnyEventObject[],
  input: { signedIn, hotelPartner: 'lodgecrest' },
  actors: ['unlinkPartner'],
  requests: { unlinkPartner: unlinkPartnerRequest },
  spyActions: ['redirect'],
  render: (actor) => <PartnerLandingView actor={actor} joinUrl="https://lodgecrest.example/join" partnerName="Lodgecrest Rewards" />,
  perform: {
    'user.finishLinking': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Finish linking' })),
    'user.openUnlink': async (_e, h) => h.user.click(screen.getByRole('button', { name: specText(PartnerMessages.unlinkLink, PARTNER_TEXTS) })),
    'user.cancelUnlink': async (_e, h) => h.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
    'user.confirmUnlink': async (_e, h) => h.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlink' })),
  },
  check: (s, h) => {
    expect(screen.getByRole('heading', { level: 1, name: 'Link your accounts' })).toBeTruthy();
    const join = screen.getByRole('link', { name: 'Join Lodgecrest Rewards (opens in a new tab)' });
    expect([join.getAttribute('href'), join.getAttribute('rel')]).toEqual(['https://lodgecrest.example/join', 'noopener noreferrer']);
    expect(screen.getByRole('button', { name: 'Link' })).toBeTruthy();
    for (const perk of ['100 partner points for three qualifying purchases in a partner week', 'Double Stars on eligible hotel stay days', 'Transfer partner points to Stars'])
      expect(screen.getByText(perk)).toBeTruthy();
    for (const n of [1, 2, 3]) expect(screen.getByRole('link', { name: `Terms note ${n}` }).getAttribute('href')).toBe(`#partner-term-${n}`);
    expect(document.getElementById('partner-term-1')?.textContent).toContain('at least $2 in a partner week, once per week, deposited within 2 business days');
    expect(document.getElementById('partner-term-2')?.textContent).toContain('Accounts must be linked 48 hours before the stay.');
    for (const step of ['Join Lodgecrest Rewards', 'Join or sign in to Harbor Rewards']) expect(screen.getByText(step)).toBeTruthy();
    const img = document.querySelector('.partner-hero img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['448', '579']);
    const dialogOpen = s.matches('confirmingUnlink') || s.matches('unlinking');
    if (dialogOpen) {
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByRole('heading', { name: 'Unlink your accounts?' })).toBeTruthy();
      const unlink = within(dialog).getByRole('button', { name: 'Unlink' });
      expect(unlink.getAttribute('aria-busy')).toBe(s.matches('unlinking') ? 'true' : 'false');
      expect(unlink.getAttribute('aria-disabled')).toBe(s.matches('unlinking') ? 'true' : null);
    } else expect(screen.queryByRole('dialog')).toBeNull();
    if (s.matches('leaving')) expect(h.spies.redirect).toHaveBeenCalledTimes(1);
    else expect(h.spies.redirect).not.toHaveBeenCalled();
  },
  sends: (e, s) => (e.type === 'user.confirmUnlink' && s.matches('unlinking') ? [{ src: 'unlinkPartner', request: { hotelPartner: 'lodgecrest' } }] : []),
});

describe('PartnerLandingView (member)', () => {
  const m = base(true);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});

describe('PartnerLandingView (guest)', () => {
  const m = base(false);
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
