import { BlockList, isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './types.ts';

/**
 * Who is calling, and over what: the one place that reads X-Forwarded-For / X-Forwarded-Proto.
 *
 * TRUST_PROXY lists the reverse proxies whose forwarding headers are believed: comma-separated IP addresses,
 * CIDR ranges (10.0.0.0/8, fd00::/8) or `loopback` (127.0.0.0/8 and ::1; `true` is kept as a synonym).
 * Unset: the headers are ignored and the socket's peer is the client.
 * When the peer is a trusted proxy, X-Forwarded-For is read from the right, skipping trusted hops: the first
 * untrusted address is the client; X-Forwarded-Proto (first value) says whether the browser used https.
 *
 * An in-process call (app.request() in tests, no socket) counts as a call from 127.0.0.1.
 */
export interface ClientInfo {
  /** the client's address (after trusted proxies), for rate limits and the dev-tools loopback check */
  ip: string;
  /** the browser reached us over https (directly, or through a trusted TLS proxy) */
  secure: boolean;
  /** the client is this machine and no proxy stands between (no forwarding header at all) */
  loopback: boolean;
  /** scheme://host the browser used, for the Origin check */
  origin: string;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto'];

export type TrustList = BlockList | null;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** IPv4-mapped IPv6 (::ffff:1.2.3.4) as plain IPv4; brackets dropped. */
export function normaliseIp(raw: string): string {
  let s = raw.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const mapped = /^::ffff:([0-9.]+)$/i.exec(s);
  return mapped ? mapped[1]! : s;
}

function check(list: BlockList, ip: string): boolean {
  const family = isIP(ip);
  return family === 4 ? list.check(ip, 'ipv4') : family === 6 ? list.check(ip, 'ipv6') : false;
}

export const isLoopbackIp = (ip: string) => check(LOOPBACK, normaliseIp(ip));

/** Parses TRUST_PROXY; throws on anything that is not an address, a CIDR range or `loopback`. */
export function parseTrustProxy(value: string | undefined): TrustList {
  if (!value || value === 'false' || value === '0') return null;
  const list = new BlockList();
  for (const raw of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (raw === 'loopback' || raw === 'true') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [addr = '', bits, extra] = raw.split('/');
    const ip = normaliseIp(addr);
    const family = isIP(ip);
    const prefix = bits === undefined ? undefined : Number(bits);
    const max = family === 4 ? 32 : 128;
    if (!family || extra !== undefined || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max && /^[0-9]+$/.test(bits!)))) {
      throw new Error(`TRUST_PROXY: "${raw}" is not an IP address, a CIDR range or "loopback"`);
    }
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, prefix, type);
  }
  return list;
}

export function resolveClient(c: Context, trust: TrustList): ClientInfo {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const peer = normaliseIp(env?.incoming?.socket?.remoteAddress ?? '127.0.0.1');
  const url = new URL(c.req.url);
  let ip = peer;
  let secure = url.protocol === 'https:';
  if (trust && check(trust, peer)) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      ip = normaliseIp(hops[i]!).slice(0, 64);
      if (!check(trust, ip)) break;
    }
    const proto = (c.req.header('x-forwarded-proto') ?? '').split(',')[0]!.trim().toLowerCase();
    if (proto === 'https') secure = true;
    else if (proto === 'http') secure = false;
  }
  // Any forwarding header means a proxy stands between (a local browser never sends one): not loopback,
  // even when that proxy runs on this machine and TRUST_PROXY is unset.
  const forwarded = FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined);
  const loopback = isLoopbackIp(ip) && !forwarded;
  const host = c.req.header('host') ?? url.host;
  return { ip, secure, loopback, origin: `${secure ? 'https' : 'http'}://${host}` };
}

export const clientMiddleware =
  (trust: TrustList): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set('client', resolveClient(c, trust));
    await next();
  };

/** The resolved client (set by clientMiddleware); resolves without proxies when called outside the app. */
export const clientOf = (c: Context): ClientInfo => (c.get('client') as ClientInfo | undefined) ?? resolveClient(c, null);

/** Cookie names: under https the `__Host-` prefix (Secure, Path=/, no Domain: the browser enforces it). */
export const cookieName = (c: Context, base: 'sid' | 'csrf') => (clientOf(c).secure ? `__Host-${base}` : base);
