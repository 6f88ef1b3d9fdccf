/**
 * The gift reads through the query cache (spec 3 sections 4, 9: the catalog and gift details go stale after 15
 * minutes): one `queryOptions` per read, used by the route loaders (`ensureQueryData`) and by the machines' actors
 * (`fetchQuery`), so a page opened from the catalog finds its data cached. The GraphQL documents load on the
 * first call (catalog.graphql.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { GIFT_STALE_MS } from '../../../contracts/gift.ts';

const graphqlCalls = () => import('./catalog.graphql.ts').then((m) => m.giftCatalogGraphql);

/** GET_DIGITAL_GIFTS: categories with their designs */
export const giftCatalogQuery = (locale: string) =>
  queryOptions({
    queryKey: ['gift', 'catalog', locale],
    queryFn: async ({ signal }) => (await graphqlCalls()).catalog(locale, signal),
    staleTime: GIFT_STALE_MS,
    retry: false,
  });

/** GET_DIGITAL_GIFT_CARD: one design (a retired one answers available: false) */
export const giftCardQuery = (productNumber: string, locale: string) =>
  queryOptions({
    queryKey: ['gift', 'card', productNumber, locale],
    queryFn: async ({ signal }) => (await graphqlCalls()).giftCard(productNumber, locale, signal),
    staleTime: GIFT_STALE_MS,
    retry: false,
  });
