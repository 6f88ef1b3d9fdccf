import { HOTEL_PARTNER_NAME, HOTEL_PARTNER_SLUG } from '../../contracts/rewards-partner.ts';

/**
 * Server settings of the hotel partner (docs/rewards.md 3.7; README configuration table):
 * - HOTEL_PARTNER_ENABLED (`true`): the partnership pages and calls; off → 404 PARTNER_NOT_FOUND and the fallback page;
 * - HOTEL_PARTNER_AUTHORIZE_URL: the partner's authorize page (absolute https URL; http only for loopback hosts).
 *   Unset: the sandbox partner of this server, `/dev/hotel-partner/authorize` (a same-origin path: the browser stays
 *   on the origin it uses, so the session cookie goes with it). Without it and without the sandbox (production, or
 *   development tools off) the setting is off;
 * - PARTNER_STATE_SECRET (32+ characters): the key of the signed state; unset, the `signing_keys` row `partner-state`.
 * Nothing here comes from a request.
 */
export interface PartnerSettings {
  enabled: boolean;
  slug: string;
  name: string;
  /** absolute URL or the sandbox's same-origin path; `?state=` is appended */
  authorizeUrl: string;
  /** the origin of HOTEL_PARTNER_AUTHORIZE_URL (its form may POST the callback from there), null for the sandbox */
  authorizeOrigin: string | null;
  stateSecret: string | undefined;
}

export const SANDBOX_AUTHORIZE_PATH = '/dev/hotel-partner/authorize';

function bool(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(true|1|on)$/i.test(value)) return true;
  if (/^(false|0|off)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false (got "${value}")`);
}

/** The partner's authorize URL, checked: https, or http on a loopback host. */
export function parseAuthorizeUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`HOTEL_PARTNER_AUTHORIZE_URL: "${raw}" is not an absolute URL`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error('HOTEL_PARTNER_AUTHORIZE_URL must be https (http only on a loopback host)');
  if (url.search || url.hash || url.username || url.password) throw new Error('HOTEL_PARTNER_AUTHORIZE_URL: no query, fragment or credentials');
  return url;
}

export function partnerSettings(env: NodeJS.ProcessEnv, o: { sandbox: boolean }): PartnerSettings {
  const raw = env.HOTEL_PARTNER_AUTHORIZE_URL?.trim();
  const external = raw ? parseAuthorizeUrl(raw) : null;
  const on = bool(env.HOTEL_PARTNER_ENABLED, true, 'HOTEL_PARTNER_ENABLED');
  const secret = env.PARTNER_STATE_SECRET;
  if (secret !== undefined && secret !== '' && secret.length < 32) throw new Error('PARTNER_STATE_SECRET must have at least 32 characters');
  return {
    enabled: on && (!!external || o.sandbox),
    slug: HOTEL_PARTNER_SLUG,
    name: HOTEL_PARTNER_NAME,
    authorizeUrl: external ? external.href : SANDBOX_AUTHORIZE_PATH,
    authorizeOrigin: external ? external.origin : null,
    stateSecret: secret || undefined,
  };
}
