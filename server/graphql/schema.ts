import { createSchema, createYoga } from 'graphql-yoga';
import type { Deps } from '../http/types.ts';
import type { SessionInfo } from '../http/session.ts';

/**
 * The one GraphQL endpoint (/apiproxy/v1/graphql). Each area adds a module of typeDefs and resolvers
 * to `modules`; hot reads (locations, config) stay on REST (see docs/architecture.md#server-rest-graphql-and-the-outbox).
 */
export interface GqlContext {
  deps: Deps;
  session: SessionInfo | null;
}

export interface GqlModule {
  typeDefs: string;
  resolvers: Record<string, Record<string, unknown>>;
}

const base: GqlModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      """Whether the caller is signed in (session metadata)."""
      viewer: Viewer!
    }
    type Mutation {
      _noop: Boolean
    }
    type Viewer {
      signedIn: Boolean!
    }
  `,
  resolvers: {
    Query: { viewer: (_: unknown, __: unknown, ctx: GqlContext) => ({ signedIn: !!ctx.session }) },
    Mutation: { _noop: () => true },
  },
};

export function createGraphql(modules: GqlModule[] = []) {
  const all = [base, ...modules];
  const resolvers: Record<string, Record<string, unknown>> = {};
  for (const m of all) for (const [type, fields] of Object.entries(m.resolvers)) resolvers[type] = { ...resolvers[type], ...fields };
  return createYoga<GqlContext>({
    schema: createSchema<GqlContext>({ typeDefs: all.map((m) => m.typeDefs), resolvers }),
    graphqlEndpoint: '/apiproxy/v1/graphql',
    graphiql: process.env.APP_ENV !== 'production',
    landingPage: false,
    maskedErrors: true,
  });
}
