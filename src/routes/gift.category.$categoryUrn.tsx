import { createFileRoute } from '@tanstack/react-router';
import { GIFT_CATEGORY_URN, GIFT_LOCALE } from '../../contracts/gift-ids.ts';
import { giftCatalogQuery } from '../services/gifting/gift.queries.ts';
import { GiftCatalogPage } from './-gifting/gift-catalog-page.tsx';

/**
 * /gift/category/{categoryUrn}: one category's designs. A urn that is not a slug is treated as unknown (the machine
 * toasts the spec's fetch error and goes back to /gift), so it is never sent anywhere. Titled by its heading
 * ('{name} eGifts', RouteAnnouncer).
 */
export const Route = createFileRoute('/gift/category/$categoryUrn')({
  params: {
    parse: (p) => ({ categoryUrn: GIFT_CATEGORY_URN.test(p.categoryUrn) ? p.categoryUrn : '-' }),
    stringify: (p) => ({ categoryUrn: p.categoryUrn }),
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(giftCatalogQuery(GIFT_LOCALE)).catch(() => undefined),
  component: function GiftCategory() {
    const { categoryUrn } = Route.useParams();
    return <GiftCatalogPage key={categoryUrn} categoryUrn={categoryUrn} />;
  },
});
