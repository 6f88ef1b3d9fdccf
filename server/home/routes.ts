import type { Context, Hono } from 'hono';
import type { AppEnv, Deps } from '../http/types.ts';
import { ApiError, badRequest, notFound } from '../http/errors.ts';
import { parse, parseJson } from '../http/validate.ts';
import { requireUser } from '../auth/require.ts';
import { now } from '../clock.ts';
import { OnboardingSeenRequest, StreamItemsQuery } from '../../contracts/home.ts';
import { createStreamService, type StreamResult, type StreamService } from './stream.ts';
import { markTasksSeen } from './onboarding.ts';

/**
 * REST calls of the home stream (docs/home.md 3.3 and 4; spec 3 section 7):
 * - GET /apiproxy/v1/stream-items?locale=&streamItemTypes=&streamItemStatus=active[&modifiedSince=] (members; 401)
 * - GET /apiproxy/v1/unauth/stream-items (same query; 404 NOT_FOUND unless the unauthenticated stream is enabled)
 * - PUT /apiproxy/v1/stream-items/onboarding/seen { tasks } (members; CSRF by the /apiproxy layer)
 * 200 and 206 carry the items and lastModified (also the Last-Modified header); 304 has no body. Bad query: 400
 * BAD_REQUEST naming the parameter.
 */
const API = '/apiproxy/v1';

/** tests inject a stream service with failing or slow sources; config.home is docs/home.md 4's AppConfig.home */
export type HomeDeps = Deps & { stream?: StreamService; config: Deps['config'] & { home?: { unauthStreamEnabled?: boolean } } };

const defaultService = createStreamService();
const serviceOf = (c: Context<AppEnv>) => (c.var.deps as HomeDeps).stream ?? defaultService;
export const unauthStreamEnabled = (deps: Deps) => (deps as HomeDeps).config.home?.unauthStreamEnabled === true;

/** the query, with a list's issue named by its parameter ('streamItemTypes', not 'streamItemTypes.1') */
function streamQuery(c: Context<AppEnv>): StreamItemsQuery {
  try {
    return parse(StreamItemsQuery, c.req.query());
  } catch (e) {
    if (e instanceof ApiError && typeof e.extras.field === 'string' && e.extras.field.includes('.')) {
      const field = e.extras.field.split('.')[0]!;
      throw badRequest(`${field}: ${e.message.slice(e.message.indexOf(': ') + 2)}`, field);
    }
    throw e;
  }
}

function answer<A>(c: Context<AppEnv>, r: StreamResult<A>) {
  c.header('Last-Modified', r.lastModified.toUTCString());
  c.header('Cache-Control', 'private, no-store');
  if (r.status === 304) return c.body(null, 304);
  return c.json(r.body, r.status);
}

export function registerHomeRoutes(app: Hono<AppEnv>) {
  app.get(`${API}/stream-items`, async (c) => {
    const s = requireUser(c);
    const query = streamQuery(c);
    return answer(c, await serviceOf(c).memberStream(c.var.deps.db, s.userId, query, now()));
  });

  app.get(`${API}/unauth/stream-items`, async (c) => {
    if (!unauthStreamEnabled(c.var.deps)) throw notFound('No such API endpoint.');
    const query = streamQuery(c);
    return answer(c, await serviceOf(c).guestStream(c.var.deps.db, query, now()));
  });

  app.put(`${API}/stream-items/onboarding/seen`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, OnboardingSeenRequest);
    return c.json(await markTasksSeen(c.var.deps.db, s.userId, body.tasks, now()));
  });
}
