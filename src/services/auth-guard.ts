/**
 * Route guards for sign-in-required pages (spec 2 section 6). Use in `beforeLoad`:
 *   beforeLoad: ({ context, location }) => requireSignIn(context, location)
 * A guest goes to /account/signin?returnUrl=<this path and search> (only same-origin relative paths are kept).
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { REAUTH_WINDOW_MS } from '../../contracts/account-constants.ts';
import { safeReturnUrl } from '../../contracts/return-url.ts';
import type { SessionMetadata } from '../../contracts/session.ts';
import { sessionQuery } from './session.ts';

export function signInHref(location: Pick<ParsedLocation, 'href'>): { to: '/account/signin'; search: { returnUrl?: string } } {
  const returnUrl = safeReturnUrl(location.href);
  return { to: '/account/signin', search: returnUrl ? { returnUrl } : {} };
}

export async function requireSignIn(context: { queryClient: QueryClient }, location: Pick<ParsedLocation, 'href'>): Promise<{ session: SessionMetadata & { signedIn: true } }> {
  const session = await context.queryClient.fetchQuery(sessionQuery);
  if (!session.signedIn || !session.user) throw redirect(signInHref(location));
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
