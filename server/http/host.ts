import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';
import type { ServerSettings } from '../config.ts';
import { ApiError } from './errors.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { normaliseIp } from './client.ts';

/**
 * The Host check (DNS rebinding, issue 25): a page on a domain the attacker re-points at 127.0.0.1 is same-origin
 * with that domain, so the browser lets it read our answers; only the Host header tells such a request apart.
 * Every request (app, API, development tools) must name one of:
 * - a host of PUBLIC_ORIGIN (the origins browsers reach the app at, e.g. behind a proxy that passes the Host on);
 * - localhost, 127.0.0.1 or [::1] on the port this server listens on;
 * - the IP address the request reached, on that port (HOST=0.0.0.0 reached by address on the network: an IP
 *   literal cannot be re-pointed, so it is no rebinding path).
 * Anything else gets 421 MISDIRECTED_REQUEST in the error shape. X-Forwarded-Host is never read.
 * An in-process call (app.request() in tests: no socket, no Host header) has nothing to check; over a socket
 * Node's HTTP server itself refuses an HTTP/1.1 request without Host, and every browser sends one.
 */
export interface HostPolicy {
  /** PUBLIC_ORIGIN hosts, lower case, with and without the scheme's default port */
  publicHosts: ReadonlySet<string>;
  /** the configured listening port (PORT), used when the socket does not say */
  port: number;
}

export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

export function hostPolicy(settings: Pick<ServerSettings, 'port' | 'publicOrigins'>): HostPolicy {
  const publicHosts = new Set<string>();
  for (const origin of settings.publicOrigins) {
    const url = new URL(origin);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    publicHosts.add(url.host.toLowerCase());
    publicHosts.add(`${url.hostname.toLowerCase()}:${port}`);
  }
  return { publicHosts, port: settings.port };
}

/** Whether a Host header value is one this server answers to (see above); `local` is the socket's own end. */
export function hostAllowed(host: string, policy: HostPolicy, local: { address?: string | undefined; port?: number | undefined } = {}): boolean {
  const h = host.trim().toLowerCase();
  if (policy.publicHosts.has(h)) return true;
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::([0-9]{1,5}))?$/.exec(h);
  if (!m) return false;
  const name = m[1]!;
  const port = m[2] === undefined ? 80 : Number(m[2]);
  if (port !== (local.port ?? policy.port)) return false;
  if (LOOPBACK_NAMES.includes(name)) return true;
  if (local.address) {
    const addr = normaliseIp(local.address).toLowerCase();
    const family = isIP(addr);
    if (family !== 0 && name === (family === 6 ? `[${addr}]` : addr)) return true;
  }
  return false;
}

export const misdirected = () => new ApiError(421, GenericCodes.misdirected, 'This server does not answer to that host name.');

export const hostMiddleware =
  (policy: HostPolicy): MiddlewareHandler<AppEnv> =>
  async (c: Context<AppEnv>, next) => {
    const host = c.req.header('host');
    if (host !== undefined) {
      const socket = (c.env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined)?.incoming?.socket;
      if (!hostAllowed(host, policy, { address: socket?.localAddress, port: socket?.localPort })) throw misdirected();
    }
    await next();
  };

/** The origins this server answers at: PUBLIC_ORIGIN, then http://localhost, 127.0.0.1 and [::1] on PORT. */
export function configuredOrigins(settings: Pick<ServerSettings, 'port' | 'publicOrigins'>): string[] {
  return [...new Set([...settings.publicOrigins, ...LOOPBACK_NAMES.map((name) => new URL(`http://${name}:${settings.port}`).origin)])];
}
