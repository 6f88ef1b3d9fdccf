import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { partnerResultPage, PARTNER_RESULT_PAGES } from '../../../contracts/rewards-partner.ts';
import { renderWithRouter } from '../../test/account-harness.tsx';
import { PARTNER_TEXTS, specText } from '../../test/spec-texts.ts';
import { PARTNER_RESULT_TEXTS, PartnerResultView, PartnerUnavailableView } from './PartnerResultView.tsx';

/** spec 3 section 8 "Partner flow": each sub-path's literal texts, and any other sub-path is the error page */
const EXPECTED: Record<string, { heading: string; body?: string }> = {
  success: { heading: "You're all set!" },
  'already-linked': { heading: "You're already linked!" },
  unlinked: { heading: 'Your accounts are now unlinked.' },
  'not-linked': { heading: "You're actually not linked!" },
  error: { heading: 'Hmm.', body: "Something didn't go as planned, but we're on it! Please try again." },
};

describe('PartnerResultView', () => {
  for (const [sub, want] of Object.entries({ ...EXPECTED, bogus: EXPECTED.error!, redirect2: EXPECTED.error!, '': EXPECTED.error! })) {
    it(`/${sub || '(empty)'}: ${want.heading}`, async () => {
      const page = partnerResultPage(sub);
      specText(PARTNER_RESULT_TEXTS[page].heading, PARTNER_TEXTS);
      const view = renderWithRouter(<PartnerResultView page={page} hotelPartner="lodgecrest" />);
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(want.heading));
      if (want.body) expect(screen.getByText(specText(want.body, PARTNER_TEXTS))).toBeTruthy();
      else expect(screen.queryByText(EXPECTED.error!.body!)).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to the partnership page' }).getAttribute('href')).toBe('/rewards/partnerships/lodgecrest');
      view.unmount();
    });
  }

  it('covers every result page of the contract', () => {
    expect([...PARTNER_RESULT_PAGES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('the fallback page', async () => {
    const view = renderWithRouter(<PartnerUnavailableView />);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("This partnership isn't available right now."));
    view.unmount();
  });
});
