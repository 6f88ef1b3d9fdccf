/**
 * `graphql()` for the client's documents (docs/architecture.md#graphql): gql.tada's function type, so a document's
 * variables and selection are typed from schema.graphql (src/graphql/graphql-env.d.ts), with urql's `gql` as its
 * runtime: the document parsed once, the fragments' definitions appended, each fragment once. urql's `gql` is in
 * every page that makes a GraphQL call already; gql.tada's own runtime would add about 0.4 KB gzip to each.
 */
import { gql, type TypedDocumentNode } from 'urql';
import type { graphql as tadaGraphql } from 'gql.tada';

export const graphql = ((source: string, fragments: readonly TypedDocumentNode[] = []) =>
  gql([source, ...fragments.map(() => '')] as unknown as TemplateStringsArray, ...fragments)) as unknown as typeof tadaGraphql;
