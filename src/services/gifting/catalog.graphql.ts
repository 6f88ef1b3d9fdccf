/**
 * The eGift catalog's GraphQL documents (spec 3 section 7 operation names; schema: server/gifting/graphql.ts), typed
 * from schema.graphql by gql.tada, and their calls through the one GraphQL operation (src/services/graphql.ts), each
 * answer validated with its contract (contracts/gift.ts). Loaded on the first call (gift.queries.ts), so urql is not
 * part of the gift pages' first load.
 */
import { graphql } from '../../graphql/graphql.ts';
import { DigitalGiftCardAnswer, DigitalGiftsAnswer } from '../../../contracts/gift.ts';
import { graphqlOperation } from '../graphql.ts';

export const documents = {
  GET_DIGITAL_GIFTS: graphql(`query GET_DIGITAL_GIFTS($locale: String!) { gift(locale: $locale) { categories { urn name eGifts { productNumber altText largeImageUrl } } } }`),
  GET_DIGITAL_GIFT_CARD: graphql(
    `query GET_DIGITAL_GIFT_CARD($productNumber: String!, $locale: String!) { giftCard(productNumber: $productNumber, locale: $locale) { productNumber altText largeImageUrl categoryUrn available } }`,
  ),
};

/** the contract each document's `data` is validated with (scripts/graphql-documents.test.ts checks they agree) */
export const answers = {
  GET_DIGITAL_GIFTS: DigitalGiftsAnswer,
  GET_DIGITAL_GIFT_CARD: DigitalGiftCardAnswer,
};

const D = documents;
const A = answers;
export const giftCatalogGraphql = {
  catalog: async (locale: string, signal?: AbortSignal) => (await graphqlOperation(D.GET_DIGITAL_GIFTS, { locale }, A.GET_DIGITAL_GIFTS, signal)).gift,
  giftCard: async (productNumber: string, locale: string, signal?: AbortSignal) =>
    (await graphqlOperation(D.GET_DIGITAL_GIFT_CARD, { productNumber, locale }, A.GET_DIGITAL_GIFT_CARD, signal)).giftCard,
};
