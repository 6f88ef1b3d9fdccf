import type { Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';
import type { SessionMetadata } from '../../contracts/session.ts';
import { clientOf } from '../http/client.ts';
import { isLoopbackHost } from '../config.ts';
import { staffOf } from '../ordering/staff.ts';

export function registerCoreRoutes(app: Hono<AppEnv>) {
  /**
   * Client configuration for this environment (see server/config.ts). `devTools` tells the app to show developer
   * matter (the footer's Dev outbox link, the offline map's token note): only when the dev tools are on (never in
   * production) AND the caller is this machine, the only one the dev routes answer (server/http/client.ts); a
   * customer on a public host never sees it, even with DEV_TOOLS=1. The page's own host name must be this machine
   * too (localhost, 127.x, [::1]): a reverse proxy on this machine, untrusted, connects from loopback, but the
   * public name it forwards is not one (issue 30).
   */
  app.get('/apiproxy/v1/config', (c) => {
    const config = c.var.deps.config;
    return c.json({ ...config, devTools: config.devTools && clientOf(c).loopback && isLoopbackHost(hostnameOf(c.req.url)) });
  });

  /** Session metadata: decides guest versus signed-in for the whole app. */
  app.get('/apiproxy/v1/session', async (c) => {
    const s = c.var.session;
    let body: SessionMetadata = { signedIn: false, user: null, mfaVerifiedAt: null, staffStores: [] };
    if (s) {
      const r = await c.var.deps.db.query<{ ex_id: string; first_name: string; last_name: string; email: string }>(
        'select ex_id, first_name, last_name, email from users where id = $1',
        [s.userId],
      );
      const u = r.rows[0];
      if (u) body = { signedIn: true, user: { exId: u.ex_id, firstName: u.first_name, lastName: u.last_name, email: u.email }, mfaVerifiedAt: s.mfaVerifiedAt?.toISOString() ?? null, staffStores: await staffOf(c.var.deps.db, s.userId) };
    }
    return c.json(body);
  });
}

/** the request's host name without port or IPv6 brackets ('[::1]' -> '::1') */
function hostnameOf(url: string): string {
  return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
}
