/**
 * Route guards for sign-in-required pages (spec 2 section 6). Use in `beforeLoad`:
 *   beforeLoad: ({ context, location }) => requireSignIn(context, location)
 * A guest goes to /account/signin?returnUrl=<this path and search> (only same-origin relative paths are kept).
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { REAUTH_WINDOW_MS } from '../../contracts/account-constants.ts';
import { safeReturnUrl } from '../../contracts/return-url.ts';
import { PATHS } from '../../machines/app-page-paths.ts';
import type { SessionMetadata } from '../../contracts/session.ts';
import { sessionQuery } from './session.ts';
import type { AccountVariant } from '../views/account/variant-names.ts';

export function signInHref(location: Pick<ParsedLocation, 'href'>, opts: { variant?: AccountVariant } = {}): { to: '/account/signin'; search: { returnUrl?: string; variant?: AccountVariant } } {
  const returnUrl = safeReturnUrl(location.href);
  return { to: PATHS.signIn, search: { ...(returnUrl ? { returnUrl } : {}), ...(opts.variant ? { variant: opts.variant } : {}) } };
}

/** `opts.variant`: the sign-in page's variant (spec 2 section 2: 'promo' says 'Sign in to redeem this offer'). */
export async function requireSignIn(
  context: { queryClient: QueryClient },
  location: Pick<ParsedLocation, 'href'>,
  opts: { variant?: AccountVariant } = {},
): Promise<{ session: SessionMetadata & { signedIn: true } }> {
  const session = await context.queryClient.fetchQuery(sessionQuery);
  if (!session.signedIn || !session.user) throw redirect(signInHref(location, opts));
  return { session: session as SessionMetadata & { signedIn: true } };
}

/** The session passed a second-factor check within the last 15 minutes (REAUTH_WINDOW_MS). */
export function hasRecentSecondFactor(session: Pick<SessionMetadata, 'mfaVerifiedAt'> | undefined, now = Date.now()): boolean {
  const at = session?.mfaVerifiedAt ? Date.parse(session.mfaVerifiedAt) : NaN;
  return Number.isFinite(at) && now - at < REAUTH_WINDOW_MS;
}

/** Milliseconds until the recent second-factor check stops counting (0 when it does not count). */
export function secondFactorRemainingMs(session: Pick<SessionMetadata, 'mfaVerifiedAt'> | undefined, now = Date.now()): number {
  const at = session?.mfaVerifiedAt ? Date.parse(session.mfaVerifiedAt) : NaN;
  return Number.isFinite(at) ? Math.max(0, at + REAUTH_WINDOW_MS - now) : 0;
}
