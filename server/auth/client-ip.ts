import type { Context } from 'hono';

/**
 * The caller's IP for rate limiting. Behind a reverse proxy set TRUST_PROXY=true: the right-most
 * X-Forwarded-For entry (the one our proxy appended) is used. Otherwise the socket's address
 * (@hono/node-server passes the Node request as c.env.incoming); 'unknown' in app.request() tests.
 */
export function clientIp(c: Context): string {
  if (process.env.TRUST_PROXY === 'true') {
    const parts = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const last = parts[parts.length - 1];
    if (last) return last.slice(0, 64);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
