import type { Context, Hono } from 'hono';
import { SessionErrorCodes, SessionId, SessionMessages, describeDevice, type SessionList } from '../../contracts/sessions.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import type { SessionInfo } from '../http/session.ts';
import type { AppEnv } from '../http/types.ts';
import { parse } from '../http/validate.ts';
import { requireUser } from '../auth/require.ts';
import { endOtherSessions, endSessionById, listSessions } from '../accounts/account-store.ts';

/**
 * A member's sessions (ASVS 7.4.3): list, end one other, end all others. Contract: contracts/sessions.ts.
 * Everything is keyed by the signed-in user: a public id of another member's session is simply not found.
 */
const API = '/apiproxy/v1/account/sessions';

async function sessionList(c: Context<AppEnv>, s: SessionInfo): Promise<SessionList> {
  const rows = await listSessions(c.var.deps.db, s.userId);
  return {
    sessions: rows.map((r) => ({
      id: r.public_id,
      device: describeDevice(r.user_agent),
      createdAt: new Date(r.created_at).toISOString(),
      lastSeenAt: new Date(r.last_seen_at).toISOString(),
      current: r.id_hash === s.idHash,
      rememberMe: r.remember_me,
    })),
  };
}

export function registerSessionRoutes(app: Hono<AppEnv>) {
  app.get(API, async (c) => c.json(await sessionList(c, requireUser(c))));

  app.post(`${API}/end-others`, async (c) => {
    const s = requireUser(c);
    await endOtherSessions(c.var.deps.db, s.userId, s.idHash);
    return c.json(await sessionList(c, s));
  });

  app.delete(`${API}/:id`, async (c) => {
    const s = requireUser(c);
    const id = parse(SessionId, c.req.param('id'));
    const list = await sessionList(c, s);
    if (list.sessions.some((x) => x.id === id && x.current)) throw badRequest(SessionMessages.ownSession, 'id', { messageId: 'own-session' });
    if (!(await endSessionById(c.var.deps.db, s.userId, id))) throw new ApiError(404, SessionErrorCodes.notFound, SessionMessages.notFound);
    return c.json(await sessionList(c, s));
  });
}
