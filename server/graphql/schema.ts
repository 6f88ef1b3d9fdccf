import { createSchema, createYoga } from 'graphql-yoga';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useDisableIntrospection as disableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { Deps } from '../http/types.ts';
import { houseErrorShape } from './errors.ts';
import type { SessionInfo } from '../http/session.ts';

/**
 * The one GraphQL endpoint (/apiproxy/v1/graphql). Each area adds a module of typeDefs and resolvers
 * to `modules`; hot reads (locations, config) stay on REST (see docs/architecture.md#server-rest-graphql-and-the-outbox).
 */
export interface GqlContext {
  deps: Deps;
  session: SessionInfo | null;
  /** the caller's IP for rate limits (server/auth/client-ip.ts) */
  ip?: string;
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
    type Viewer {
      signedIn: Boolean!
    }
    """Risk signals a client sends with money-moving mutations (cards: auto reload; ordering: submit)."""
    input RiskInput {
      deviceId: String
      risk: String
    }
  `,
  resolvers: {
    Query: { viewer: (_: unknown, __: unknown, ctx: GqlContext) => ({ signedIn: !!ctx.session }) },
  },
};

/**
 * Limits on every operation (graphql-armor): the token count is checked while parsing, so a 5,000-level nested
 * query or 50,000 aliases are refused before the parser recurses or validation walks them; depth, aliases,
 * directives and cost are checked at validation. Requests are also held to the body limit (server/http/input.ts).
 */
export const GRAPHQL_LIMITS = { maxTokens: 2000, maxDepth: 10, maxAliases: 15, maxDirectives: 30, maxCost: 5000 } as const;

export interface GraphqlOptions {
  /** production: no introspection, no GraphiQL */
  production?: boolean;
}

/** The type definitions of the base and the areas' modules, for tools that read the schema without running it. */
export const typeDefsOf = (modules: GqlModule[]) => [base, ...modules].map((m) => m.typeDefs);

/** The executable schema of the base and the areas' modules. */
export function buildSchema(modules: GqlModule[]) {
  const all = [base, ...modules];
  const resolvers: Record<string, Record<string, unknown>> = {};
  for (const m of all) for (const [type, fields] of Object.entries(m.resolvers)) resolvers[type] = { ...resolvers[type], ...fields };
  return createSchema<GqlContext>({ typeDefs: all.map((m) => m.typeDefs), resolvers });
}

export function createGraphql(modules: GqlModule[] = [], options: GraphqlOptions = {}) {
  const production = options.production ?? process.env.APP_ENV === 'production';
  return createYoga<GqlContext>({
    schema: buildSchema(modules),
    graphqlEndpoint: '/apiproxy/v1/graphql',
    graphiql: !production,
    landingPage: false,
    maskedErrors: true,
    // same-origin only: no Access-Control-* headers, so no other site reads a response with our cookies
    cors: false,
    plugins: [
      EnvelopArmorPlugin({
        maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
        maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: !production },
        maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
        maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
        costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
        blockFieldSuggestion: { enabled: production },
      }),
      ...(production ? [disableIntrospection()] : []),
      houseErrorShape,
    ],
  });
}
