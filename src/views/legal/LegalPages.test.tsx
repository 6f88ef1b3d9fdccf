import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { SAMPLE_NOTICE } from './LegalPages.tsx';
import { CardTermsView } from './CardTermsView.tsx';
import { DeliveryFaqView } from './DeliveryFaqView.tsx';
import { PrivacyStatementView } from './PrivacyStatementView.tsx';
import { TermsOfUseView } from './TermsOfUseView.tsx';

afterEach(cleanup);

async function renderPage(Page: ComponentType<{ brandName: string }>) {
  window.scrollTo = () => {}; // the router restores scroll positions; jsdom has no scrolling
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: '/', component: () => <Page brandName="Harbor Coffee" /> });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router as never} />);
  return screen.findByRole('heading', { level: 1 });
}

describe('help and legal pages (sample text)', () => {
  for (const [Page, title, text] of [
    [TermsOfUseView, 'Terms of Use', 'By creating an account or ordering ahead you agree to them.'],
    [CardTermsView, 'Card Terms', 'A card can hold up to $500.'],
    [PrivacyStatementView, 'Privacy Statement', 'Your location, only when you ask for stores near you.'],
    [DeliveryFaqView, 'Delivery FAQ', 'Who delivers my order?'],
  ] as const) {
    it(`${title}: its heading, the sample-text notice, real-looking text and links to the others`, async () => {
      expect((await renderPage(Page)).textContent).toBe(title);
      expect(screen.getByRole('note').textContent).toBe(SAMPLE_NOTICE);
      expect(SAMPLE_NOTICE).toBe('Sample text: this demo shows where the real document goes. It is not a legal agreement.');
      expect(document.body.textContent).toContain(text);
      const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
      // the privacy statement also links to the opt-out request form (issue 11)
      expect(links).toEqual([...(title === 'Privacy Statement' ? ['/personal-information'] : []), '/terms-of-use', '/card-terms', '/privacy-statement', '/help/delivery-faq']);
    });
  }
});
