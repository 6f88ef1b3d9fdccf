/**
 * Cookie consent (issue 11, docs/consent.md). The choice is stored in the `cookie_prefs` cookie (one year):
 * "a<0|1>d<0|1>" for analytics and advertising; necessary cookies need no consent. No choice yet: both off.
 * A recorded privacy opt-out (the `privacy_opt_out` cookie the server sets when one is filed) keeps advertising
 * off whatever is stored. src/services/analytics.ts asks `consentFor` before every event and pixel.
 */
import { COOKIE_PREFS_COOKIE, OPT_OUT_COOKIE } from '../../contracts/cookie-names.ts';
import type { CookieChoices } from '../../machines/cookie-preferences.machine.ts';

const YEAR_SECONDS = 365 * 86400;

function cookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const m = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie);
  return m ? decodeURIComponent(m[1]!) : null;
}

export function readChoices(): CookieChoices | null {
  const m = /^a([01])d([01])$/.exec(cookie(COOKIE_PREFS_COOKIE) ?? '');
  return m ? { analytics: m[1] === '1', advertising: m[2] === '1' } : null;
}

export function writeChoices(c: CookieChoices) {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_PREFS_COOKIE}=a${c.analytics ? 1 : 0}d${c.advertising ? 1 : 0}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

export const isOptedOut = () => cookie(OPT_OUT_COOKIE) === '1';

/** May this category run now? Necessary always; analytics and advertising only as chosen; advertising never after an opt-out. */
export function consentFor(category: 'necessary' | 'analytics' | 'advertising'): boolean {
  if (category === 'necessary') return true;
  const c = readChoices();
  if (!c) return false;
  return category === 'analytics' ? c.analytics : c.advertising && !isOptedOut();
}

