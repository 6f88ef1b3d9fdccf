import type { GqlModule } from './schema.ts';

/**
 * Every area's GraphQL module, in schema order (cards declares the Mutation root, ordering extends it). Loaded on
 * demand: the REST routes do not import graphql-yoga. Read by the app (server/app.ts) and by the schema printer
 * (scripts/graphql-schema.ts), which writes schema.graphql for the client's typed documents.
 */
export async function graphqlModules(): Promise<GqlModule[]> {
  const [{ cardsGraphql }, { orderingGraphql }, { giftingGraphql }, { promoGraphql }, { rewardsGraphql }] = await Promise.all([
    import('../cards/graphql.ts'),
    import('../ordering/graphql.ts'),
    import('../gifting/graphql.ts'),
    import('../rewards/promo-graphql.ts'),
    import('../rewards/graphql.ts'),
  ]);
  return [cardsGraphql, orderingGraphql, giftingGraphql, promoGraphql, rewardsGraphql];
}
