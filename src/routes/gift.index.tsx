import { createFileRoute } from '@tanstack/react-router';
import { GIFT_LOCALE } from '../../contracts/gift-ids.ts';
import { giftCatalogQuery } from '../services/gifting/gift.queries.ts';
import { GiftCatalogPage } from './-gifting/gift-catalog-page.tsx';

/** /gift: the eGift catalog grouped by category (guests and members; spec 3 section 2). */
export const Route = createFileRoute('/gift/')({
  // a failed prefetch is not an error page: the machine loads again and shows its own failure with Try again
  loader: ({ context }) => context.queryClient.ensureQueryData(giftCatalogQuery(GIFT_LOCALE)).catch(() => undefined),
  component: () => <GiftCatalogPage categoryUrn={null} />,
});
