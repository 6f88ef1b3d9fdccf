import type { Context } from 'hono';
import { clientOf } from '../http/client.ts';

/**
 * The caller's IP for rate limiting: the socket's peer, or behind a reverse proxy listed in TRUST_PROXY the
 * right-most untrusted X-Forwarded-For entry (server/http/client.ts resolves it once per request).
 * 127.0.0.1 in app.request() tests.
 */
export function clientIp(c: Context): string {
  return clientOf(c).ip;
}
