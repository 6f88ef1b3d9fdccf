import { Hono } from 'hono';
import type { AppEnv, Deps } from './http/types.ts';
import { renderError, notFound } from './http/errors.ts';
import { GenericCodes } from '../contracts/errors.ts';
import { csrfMiddleware } from './http/csrf.ts';
import { sessionMiddleware } from './http/session.ts';
import { clientMiddleware, parseTrustProxy } from './http/client.ts';
import { hostMiddleware, hostPolicy } from './http/host.ts';
import { securityHeaders } from './http/headers.ts';
import { bodyMiddleware, checkValue, urlMiddleware } from './http/input.ts';
import { loadServerSettings } from './config.ts';
import { registerCoreRoutes } from './routes/core.ts';
import { registerLocatorRoutes } from './routes/locations.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { DEV_PREFIXES, registerDevRoutes } from './routes/dev.ts';
import { registerCardRoutes } from './cards/routes.ts';
import { registerDevRegister } from './cards/dev-register.ts';
import { registerDevOrders, registerOrderingRoutes } from './ordering/routes.ts';
import { registerOrderStreams } from './ordering/stream-routes.ts';
import { registerConsoleRoutes } from './ordering/console.ts';
import { registerOAuthRoutes } from './oauth/routes.ts';
import { registerSampleClientPages } from './oauth/sample-client.ts';
import { registerPrivacyRoutes } from './privacy/routes.ts';
import { registerGiftRoutes } from './gifting/routes.ts';
import { registerCardBalanceRoute } from './gifting/card-balance.ts';
import { registerRewardsPromoRoutes } from './rewards/routes.ts';
import { registerRewardsDevRoutes } from './rewards/dev-routes.ts';
import { clientIp } from './auth/client-ip.ts';
import { isPartnerCallback, registerPartnerRoutes } from './rewards/partners.ts';
import { partnerSettings } from './rewards/partner-settings.ts';
import { registerPartnerSandbox } from './rewards/partner-sandbox.ts';
import { registerHomeRoutes } from './home/routes.ts';

/**
 * The whole HTTP app without a listening socket, so tests call `app.request()` directly.
 * server/main.ts adds static files and listens.
 *
 * Order of the common layers (docs/security.md): who is calling (TRUST_PROXY) → security headers →
 * URL check → body read while streaming, up to the limit, and checked → CSRF → session → routes.
 */
export function createApp(deps: Deps) {
  const server = deps.server ?? loadServerSettings(process.env);
  const app = new Hono<AppEnv>();
  app.onError(renderError);

  app.use('*', clientMiddleware(parseTrustProxy(server.trustProxy)));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders);
  // the Host must name this server (DNS rebinding: server/http/host.ts)
  app.use('*', hostMiddleware(hostPolicy(server)));
  app.use('*', urlMiddleware);
  app.use('*', bodyMiddleware(server.bodyLimitBytes));

  app.get('/healthz', async (c) => {
    await deps.db.query('select 1');
    return c.json({ status: 'ok' });
  });

  // development tools answer loopback clients only, and only where registered (server/routes/dev.ts)
  for (const prefix of DEV_PREFIXES) {
    app.use(`${prefix}*`, async (c, next) => {
      if (!c.var.client.loopback) throw notFound('No such API endpoint.');
      await next();
    });
  }

  app.use('/apiproxy/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  for (const area of ['/apiproxy/*', '/dev/*']) {
    // the hotel partner's callback is a form POST from the partner: its signed state is its CSRF defence (server/rewards/partners.ts)
    app.use(area, (c, next) => (isPartnerCallback(c.req.method, c.req.path) ? next() : csrfMiddleware(c, next)));
    app.use(area, sessionMiddleware);
  }

  registerCoreRoutes(app);
  registerLocatorRoutes(app);
  registerAccountRoutes(app);
  registerCardRoutes(app);
  registerCardBalanceRoute(app);
  registerDevRoutes(app, { outbox: deps.config.devTools, ssoMint: deps.config.env === 'test' });
  // the barista's register (/dev/register): a development tool like the outbox, behind the same loopback guard
  if (deps.config.devTools) registerDevRegister(app);
  registerOrderStreams(app);
  registerOrderingRoutes(app);
  if (deps.config.devTools) registerDevOrders(app);
  registerConsoleRoutes(app); // the barista console: queue, actions, sold-out switch (server/ordering/console.ts, docs/order-status.md 3.5)
  // gifting: purchase acceptance, its status, gift history (server/gifting/, docs/gifting.md)
  registerGiftRoutes(app, deps.gift);
  // rewards: campaign links and bonus opt-in (server/rewards/routes.ts, docs/rewards.md 4.3)
  registerRewardsPromoRoutes(app);
  registerHomeRoutes(app); // the home stream: stream-items, unauth/stream-items, onboarding seen (server/home/, docs/home.md 3)
  if (deps.config.env === 'test') registerRewardsDevRoutes(app); // POST /dev/rewards/grant (e2e), server/rewards/dev-routes.ts
  // third-party consent: the OAuth 2.0 authorization server (server/oauth/, docs/consent.md); its sample client is a dev tool
  registerOAuthRoutes(app);
  if (deps.config.devTools) registerSampleClientPages(app, server);
  // privacy opt-out and signed unsubscribe links (server/privacy/, docs/consent.md)
  registerPrivacyRoutes(app, { devTools: deps.config.devTools });

  // the hotel partner link and unlink (server/rewards/partners.ts, docs/rewards.md 3.7); its sandbox partner is a dev tool
  const partner = deps.partner ?? partnerSettings(process.env, { sandbox: deps.config.devTools });
  registerPartnerRoutes(app, partner);
  if (deps.config.devTools) registerPartnerSandbox(app, partner);

  // GraphQL (graphql-yoga, graphql-armor, graphql: about 0.9 s of module loading and 25 MB) loads with the first
  // GraphQL request, not at start (docs/operations.md, "Start-up and memory"); a failed load is retried next time
  let yoga: ReturnType<typeof loadGraphql> | undefined;
  const graphql = () => (yoga ??= loadGraphql(deps.config.env === 'production').catch((e: unknown) => ((yoga = undefined), Promise.reject(e))));
  app.on(['GET', 'POST'], '/apiproxy/v1/graphql', async (c) => {
    const refused = c.req.method === 'GET' ? badGraphqlGetParams(new URL(c.req.url).searchParams) : null;
    if (refused) return c.json({ errors: [{ message: refused, extensions: { code: 'BAD_REQUEST' } }] }, 400);
    // POST takes JSON only (yoga answered 415 with no body, 200 to a form, and parsed multipart): 415 in both error shapes
    if (c.req.method === 'POST' && !isJsonContentType(c.req.header('content-type'))) {
      const message = 'GraphQL requests are POSTed as application/json.';
      return c.json({ code: GenericCodes.unsupportedMediaType, message, errors: [{ message, extensions: { code: GenericCodes.unsupportedMediaType } }] }, 415);
    }
    return (await graphql()).fetch(c.req.raw, { deps, session: c.var.session, ip: clientIp(c) });
  });

  app.all('/apiproxy/*', () => {
    throw notFound('No such API endpoint.');
  });
  app.all('/dev/*', () => {
    throw notFound('No such page.');
  });
  return app;
}

export type App = ReturnType<typeof createApp>;

async function loadGraphql(production: boolean) {
  const [{ createGraphql }, { graphqlModules }] = await Promise.all([import('./graphql/schema.ts'), import('./graphql/modules.ts')]);
  return createGraphql(await graphqlModules(), { production });
}

/** `application/json` (lower case, as yoga reads it) with any parameters (urql's requests), nothing else. */
export const isJsonContentType = (value: string | undefined) => /^application\/json\s*(;|$)/.test(value?.trim() ?? '');

/** GraphQL over GET: `variables` and `extensions` must be JSON objects (yoga answers 500 to malformed JSON there). */
export function badGraphqlGetParams(params: URLSearchParams): string | null {
  for (const name of ['variables', 'extensions']) {
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return `The "${name}" parameter is not valid JSON.`;
    }
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) return `The "${name}" parameter must be a JSON object.`;
    const bad = checkValue(value, name);
    if (bad) return `${bad.field}: ${bad.message}`;
  }
  return null;
}
