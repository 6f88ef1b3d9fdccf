/**
 * pricing-rules for the product page, which takes only the option limit from them (the rest of the answer,
 * contracts/ordering.ts PricingRules, is for other clients).
 */
import { queryOptions } from '@tanstack/react-query';
import { graphql } from '../../graphql/graphql.ts';
import * as v from 'valibot';
import { graphqlOperation } from '../graphql.ts';

export const documents = {
  'pricing-rules': graphql(`query PricingRules($input: PricingRulesInput!) { pricingRules(input: $input) { maximumModifierAmount } }`),
};
export const answers = { 'pricing-rules': v.object({ pricingRules: v.object({ maximumModifierAmount: v.number() }) }) };

export const getPricingRules = async (input: { storeNumber?: string; guest: boolean }, signal?: AbortSignal) =>
  (await graphqlOperation(documents['pricing-rules'], { input }, answers['pricing-rules'], signal)).pricingRules;

/**
 * The store's pricing rules for this caller (GraphQL pricing-rules; spec 4: guest pricing rules are stale after 5
 * minutes): the product page takes its option limit from them. Never fails a page: on an error the answer is null
 * and the configured limits apply.
 */
export const pricingRulesQuery = (storeNumber: string | null, guest: boolean) =>
  queryOptions({
    queryKey: ['ordering', 'pricing-rules', storeNumber, guest],
    queryFn: ({ signal }) => getPricingRules({ ...(storeNumber ? { storeNumber } : {}), guest }, signal).catch(() => null),
    staleTime: 5 * 60_000,
    retry: false,
  });
