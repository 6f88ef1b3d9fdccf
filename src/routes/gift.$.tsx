import { createFileRoute } from '@tanstack/react-router';
import { GIFT_LOCALE } from '../../contracts/gift-ids.ts';
import { giftCatalogQuery } from '../services/gifting/gift.queries.ts';
import { GiftCatalogPage } from './-gifting/gift-catalog-page.tsx';

/** /gift/* (the catch-all of spec 3 section 2): the same catalog as /gift. /gift/{8 digits} is the design page. */
export const Route = createFileRoute('/gift/$')({
  loader: ({ context }) => context.queryClient.ensureQueryData(giftCatalogQuery(GIFT_LOCALE)).catch(() => undefined),
  component: () => <GiftCatalogPage categoryUrn={null} />,
});
