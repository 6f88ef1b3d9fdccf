import type { Context } from 'hono';
import { AccountErrorCodes, AccountMessages, REAUTH_WINDOW_MS } from '../../contracts/account.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { ApiError, unauthorized } from '../http/errors.ts';
import type { SessionInfo } from '../http/session.ts';
import type { AppEnv } from '../http/types.ts';

/** The signed-in session, or 401 UNAUTHORIZED. Handlers use only session.userId: no user ids in URLs. */
export function requireUser(c: Context<AppEnv>): SessionInfo {
  const s = c.var.session;
  if (!s) throw unauthorized();
  return s;
}

/** When the session's last second-factor check stops counting, or null when there was none. */
export function reauthValidUntil(s: SessionInfo): Date | null {
  return s.mfaVerifiedAt ? new Date(s.mfaVerifiedAt.getTime() + REAUTH_WINDOW_MS) : null;
}

/** Whether the session passed the re-authentication (or an MFA sign-in) within the window. */
export function recentlyReauthenticated(s: SessionInfo): boolean {
  const until = reauthValidUntil(s);
  return !!until && until.getTime() > Date.now();
}

/** MFA settings need a second-factor check within REAUTH_WINDOW_MS (15 minutes): else 403 REAUTH_REQUIRED. */
export function requireRecentReauth(c: Context<AppEnv>): SessionInfo {
  const s = requireUser(c);
  if (!recentlyReauthenticated(s)) throw new ApiError(403, AccountErrorCodes.reauthRequired, AccountMessages.reauthRequired);
  return s;
}

/** 429 RATE_LIMITED with Retry-After. */
export function rateLimited(c: Context, retryAfterSeconds: number, extras: Record<string, unknown> = {}): ApiError {
  c.header('Retry-After', String(retryAfterSeconds));
  return new ApiError(429, GenericCodes.rateLimited, AccountMessages.rateLimited, { retryAfterSeconds, ...extras });
}
