import { Hono } from 'hono';
import type { AppEnv, Deps } from './http/types.ts';
import { renderError, notFound } from './http/errors.ts';
import { csrfMiddleware } from './http/csrf.ts';
import { sessionMiddleware } from './http/session.ts';
import { createGraphql } from './graphql/schema.ts';
import { registerCoreRoutes } from './routes/core.ts';
import { registerLocatorRoutes } from './routes/locations.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { registerDevRoutes } from './routes/dev.ts';
import { registerCardRoutes } from './cards/routes.ts';
import { registerDevRegister } from './cards/dev-register.ts';
import { cardsGraphql } from './cards/graphql.ts';

/**
 * The whole HTTP app without a listening socket, so tests call `app.request()` directly.
 * server/main.ts adds static files and listens.
 */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.onError(renderError);

  app.get('/healthz', async (c) => {
    await deps.db.query('select 1');
    return c.json({ status: 'ok' });
  });

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'same-origin');
    c.header('X-Frame-Options', 'DENY');
  });

  app.use('/apiproxy/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  app.use('/apiproxy/*', csrfMiddleware);
  app.use('/apiproxy/*', sessionMiddleware);
  app.use('/dev/*', csrfMiddleware);
  app.use('/dev/*', sessionMiddleware);

  registerCoreRoutes(app);
  registerLocatorRoutes(app);
  registerAccountRoutes(app);
  registerCardRoutes(app);
  if (deps.config.devTools) registerDevRoutes(app);
  if (deps.config.devTools) registerDevRegister(app);

  const yoga = createGraphql([cardsGraphql]);
  app.on(['GET', 'POST'], '/apiproxy/v1/graphql', (c) => yoga.fetch(c.req.raw, { deps, session: c.var.session }));

  app.all('/apiproxy/*', () => {
    throw notFound('No such API endpoint.');
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
