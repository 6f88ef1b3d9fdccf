/**
 * similarItems (issue 29 "with up to three similar substitutes"; docs/order-status.md 3.8): the products of the same
 * category and sibling subcategories that the store sells now, for a sold-out item on the product page and in the
 * cart ('Try instead'). Cached per product and store; a stock change invalidates these answers (stock.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import * as v from 'valibot';
import { graphql } from '../../graphql/graphql.ts';
import { SimilarItemsResponse } from '../../../contracts/ordering-menu.ts';
import { graphqlOperation } from '../graphql.ts';

/** issue 29: at most three substitutes */
export const SUBSTITUTES_MAX = 3;

const document = graphql(`query SimilarItems($input: SimilarItemsInput!) { similarItems(input: $input) { productNumber products { productNumber formCode name imageURL imageAlt availability priceFrom productType featured calories allergens } } }`);
const answer = v.object({ similarItems: SimilarItemsResponse });

/** for scripts/graphql-documents.test.ts: the document is checked against the schema and the answer's contract */
export const documents = { 'similar-items': document };
export const answers = { 'similar-items': answer };

export const similarItemsQuery = (productNumber: number, storeNumber: string | null) =>
  queryOptions({
    queryKey: ['ordering', 'similar', productNumber, storeNumber],
    queryFn: async ({ signal }) =>
      (await graphqlOperation(document, { input: { productNumber, limit: SUBSTITUTES_MAX, ...(storeNumber ? { storeNumber } : {}) } }, answer, signal)).similarItems.products
        .filter((p) => p.availability === 'Available')
        .slice(0, SUBSTITUTES_MAX),
    staleTime: 60_000,
    retry: false,
  });
