import type { Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';
import type { SessionMetadata } from '../../contracts/session.ts';

export function registerCoreRoutes(app: Hono<AppEnv>) {
  /** Client configuration for this environment (see server/config.ts). */
  app.get('/apiproxy/v1/config', (c) => c.json(c.var.deps.config));

  /** Session metadata: decides guest versus signed-in for the whole app. */
  app.get('/apiproxy/v1/session', async (c) => {
    const s = c.var.session;
    let body: SessionMetadata = { signedIn: false, user: null, mfaVerifiedAt: null };
    if (s) {
      const r = await c.var.deps.db.query<{ ex_id: string; first_name: string; last_name: string; email: string }>(
        'select ex_id, first_name, last_name, email from users where id = $1',
        [s.userId],
      );
      const u = r.rows[0];
      if (u) body = { signedIn: true, user: { exId: u.ex_id, firstName: u.first_name, lastName: u.last_name, email: u.email }, mfaVerifiedAt: s.mfaVerifiedAt?.toISOString() ?? null };
    }
    return c.json(body);
  });
}
