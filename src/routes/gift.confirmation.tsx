import { createFileRoute, redirect } from '@tanstack/react-router';
import { readGiftConfirmation } from '../services/gifting/gift-confirmation-storage.ts';
import { GiftConfirmationView } from '../views/gifting/GiftConfirmationView.tsx';

/**
 * /gift/confirmation (spec 3 section 2: footer hidden; section 3 "Purchase confirmation"): what the purchase stored
 * in this tab's sessionStorage (`harbor.giftConfirmation`); without it, back to /gift.
 */
export const Route = createFileRoute('/gift/confirmation')({
  staticData: { chrome: 'noFooter' },
  beforeLoad: () => {
    if (typeof window !== 'undefined' && !readGiftConfirmation()) throw redirect({ to: '/gift', replace: true });
  },
  component: GiftConfirmationPage,
});

function GiftConfirmationPage() {
  const confirmation = readGiftConfirmation();
  return confirmation ? <GiftConfirmationView confirmation={confirmation} /> : null;
}
