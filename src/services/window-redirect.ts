/**
 * Full-page navigations out of the app (docs/machines.md "Navigation: typed paths"): apart from redirect.ts so the
 * pages that only navigate inside the app (most) do not load it (first-load budget).
 */
import { safeReturnUrl } from '../../contracts/return-url.ts';

/** what a full-page navigation out of the app never follows: a URL that would run in this page */
const SCRIPT_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'blob:']);

/**
 * The URL a full-page navigation out of the app may go to, or null: an absolute URL (the machine has already
 * checked it against its own rule: the OAuth client's registered redirect URI, the hotel partner's origins) that
 * is not a script URL, or a same-origin path.
 */
export function windowDestination(url: string | null | undefined): string | null {
  if (!url) return null;
  const path = safeReturnUrl(url);
  if (path) return path;
  try {
    const u = new URL(url);
    return SCRIPT_SCHEMES.has(u.protocol) ? null : u.href;
  } catch {
    return null;
  }
}

/**
 * A full-page navigation out of the app (the OAuth consent's answer to the third-party application, the hotel
 * partner's page): to the URL `pick` reads from the machine's context, through `windowDestination`, after the
 * machine's step.
 */
export function windowRedirect<C>(pick: (context: C) => string | null, assign: (href: string) => void = (href) => window.location.assign(href)) {
  return ({ context }: { context: C }) => {
    const href = windowDestination(pick(context));
    if (href) queueMicrotask(() => assign(href));
  };
}
