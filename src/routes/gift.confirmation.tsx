import { createFileRoute, redirect } from '@tanstack/react-router';
import { readGiftConfirmation } from '../services/gifting/gift-confirmation-storage.ts';
import { GiftConfirmationView } from '../views/gifting/GiftConfirmationView.tsx';

/**
 * /gift/confirmation (spec 3 section 2: footer hidden; section 3 "Purchase confirmation"): what the purchase stored
 * in this tab's sessionStorage (`harbor.giftConfirmation`); without it, back to /gift.
 */
export const Route = createFileRoute('/gift/confirmation')({
  staticData: { chrome: 'noFooter' },
  // in the loader, not `beforeLoad`: the loader travels with the page's chunk (vite.config.ts), so the storage read
  // and its schema load with this page instead of with the entry on every route (issue 32, docs/architecture.md#performance)
  loader: () => {
    if (typeof window !== 'undefined' && !readGiftConfirmation()) throw redirect({ to: '/gift', replace: true });
  },
  component: GiftConfirmationPage,
});

function GiftConfirmationPage() {
  const confirmation = readGiftConfirmation();
  return confirmation ? <GiftConfirmationView confirmation={confirmation} /> : null;
}
