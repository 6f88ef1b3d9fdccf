/**
 * graphql.web as the client build links it (scripts/graphql-preparse.ts `graphqlWebClient`): everything urql
 * imports from it, but `parse` and `print`, which a pre-parsed and keyed document (src/graphql/document.ts) never
 * needs. Reaching one of them is a bug of the build's pre-parsing, so they throw instead of doing it silently.
 */
export * from '@0no-co/graphql.web';

const notPreparsed = (what: string) => (): never => {
  throw new Error(`GraphQL ${what} on the client: a document was not pre-parsed at build (scripts/graphql-preparse.ts)`);
};
export const parse = notPreparsed('parse');
export const print = notPreparsed('print');
