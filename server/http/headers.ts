import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { KEPT_STORE_SCRIPT } from '../../contracts/kept-store.ts';
import type { AppConfig } from '../../contracts/config.ts';
import { clientOf } from './client.ts';
import type { AppEnv } from './types.ts';

/** a CSP source that allows exactly this inline script's or stylesheet's text (its sha256) */
export function inlineSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** the inline scripts the prerendered pages carry (src/views/shell/page-shells.ts), and nothing else */
export const INLINE_SCRIPT_SOURCES = [inlineSource(KEPT_STORE_SCRIPT)];

/**
 * Security headers on every response (the app shell, assets and the API):
 * - Content-Security-Policy: scripts, styles, fonts and data from this origin only; no inline handler and no inline
 *   script but one, allowed by its hash: /menu's prerendered page marks a visitor whose browser kept a store
 *   (contracts/kept-store.ts) before the no-store card is painted (Vite emits module scripts); the map's worker
 *   is a same-origin file (maplibre setWorkerUrl) and mapbox-gl builds its worker from a blob:, hence worker-src 'self' blob:;
 *   images may be data:/blob: (map canvases, markers); with a Mapbox token its API origin is added to
 *   connect-src and img-src; no plugins (object-src 'none'), no framing (frame-ancestors 'none'), no <base>.
 *   A route that sets its own, stricter policy keeps it (the dev outbox uses a nonce).
 * - Permissions-Policy: geolocation for this origin (the locator's "use my location"), nothing else;
 * - Cross-Origin-Opener-Policy and Cross-Origin-Resource-Policy: same-origin;
 * - X-Content-Type-Options, Referrer-Policy, X-Frame-Options (for browsers without frame-ancestors);
 * - Strict-Transport-Security (1 year, subdomains) when the browser came over https (directly or through a
 *   TRUST_PROXY proxy: server/http/client.ts), plus upgrade-insecure-requests.
 */
const MAPBOX_ORIGINS = ['https://api.mapbox.com', 'https://events.mapbox.com'];

/** `styleSources`: hashes of the page's inline stylesheets (server/http/page-shell.ts inlineStyleSources) */
export function contentSecurityPolicy(config: AppConfig, secure: boolean, styleSources: readonly string[] = []): string {
  const mapbox = config.map.mapboxToken && config.map.mapboxStyle ? MAPBOX_ORIGINS : [];
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...INLINE_SCRIPT_SOURCES],
    ['script-src-attr', "'none'"],
    ['style-src', "'self'", ...styleSources],
    ['img-src', "'self'", 'data:', 'blob:', ...mapbox],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...mapbox],
    ['worker-src', "'self'", 'blob:'],
    ['child-src', "'self'", 'blob:'],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['manifest-src', "'self'"],
  ];
  if (secure) directives.push(['upgrade-insecure-requests']);
  return directives.map((d) => d.join(' ')).join('; ');
}

export const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const { config } = c.var.deps;
  const secure = clientOf(c).secure;
  const graphiql = config.env !== 'production' && c.req.path === '/apiproxy/v1/graphql' && /text\/html/.test(c.res.headers.get('content-type') ?? '');
  // GraphiQL (development and test only) loads its scripts from a CDN: it keeps yoga's page without our policy
  if (!c.res.headers.has('Content-Security-Policy') && !graphiql) c.header('Content-Security-Policy', contentSecurityPolicy(config, secure));
  c.header('Permissions-Policy', PERMISSIONS_POLICY);
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
  c.header('Cross-Origin-Resource-Policy', 'same-origin');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'same-origin');
  c.header('X-Frame-Options', 'DENY');
  if (secure) c.header('Strict-Transport-Security', HSTS);
};
