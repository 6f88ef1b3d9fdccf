import { buildASTSchema, lexicographicSortSchema, parse, type GraphQLSchema } from 'graphql';
import { graphqlModules } from './modules.ts';
import { typeDefsOf } from './schema.ts';

/**
 * The schema the server runs, built from the modules' type definitions by graphql-js alone (no resolvers): what
 * scripts/graphql-schema.ts prints and what tests validate documents against. graphql-yoga's executable schema
 * comes from the same type definitions (server/graphql/schema.ts buildSchema), but may be another copy of the
 * graphql module (its CommonJS build), whose objects graphql-js's functions refuse.
 */
export async function sdlSchema(): Promise<GraphQLSchema> {
  return lexicographicSortSchema(buildASTSchema(parse(typeDefsOf(await graphqlModules()).join('\n'))));
}
