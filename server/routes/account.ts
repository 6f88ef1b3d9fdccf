import * as v from 'valibot';
import type { Context, Hono } from 'hono';
import {
  AccountErrorCodes,
  AccountMessages,
  CreateAccountRequest,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  SignInMfaRequest,
  SignInMfaResendRequest,
  RESEND_CODE_AFTER_SECONDS,
  SignInRequest,
  SignOutRequest,
  SsoSignInRequest,
  maskPhone,
  type CreateAccountErrorType,
  type MfaChallengeMethod,
} from '../../contracts/account.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { safeReturnUrl, returnUrlOr } from '../../contracts/return-url.ts';
import { ApiError } from '../http/errors.ts';
import { endSession, startSession } from '../http/session.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson } from '../http/validate.ts';
import { recordAuthEvent } from '../auth/auth-events.ts';
import { clientIp } from '../auth/client-ip.ts';
import { maybePurge } from '../auth/cleanup.ts';
import { deviceToken, rememberDevice } from '../auth/devices.ts';
import { issueCode, verifyCode } from '../auth/one-time-codes.ts';
import { reusesRecentPassword, setPassword } from '../auth/password-history.ts';
import { newPasswordProblem } from '../auth/password-policy.ts';
import { consumeResetToken, resetTokenUser } from '../auth/password-reset.ts';
import { dummyHash, hashPassword } from '../auth/passwords.ts';
import { bucketKey, hit } from '../auth/rate-limit.ts';
import { pinAttempt } from '../cards/pin-limits.ts';
import { rateLimited } from '../auth/require.ts';
import { checkCredentials, clearUsernameThrottle } from '../auth/signin.ts';
import { consumeSsoToken } from '../auth/sso.ts';
import { findUserById, normalizeEmail, type UserRow } from '../auth/users.ts';
import { endAllSessions } from '../accounts/account-store.ts';
import { createAccount } from '../accounts/create-account.ts';
import { requestPasswordReset } from '../accounts/recovery.ts';
import { illFormedPath } from '../accounts/well-formed.ts';
import { sendSms } from '../outbox/outbox.ts';
import { registerAccountSettingsRoutes } from './account-settings.ts';
import { codeError, passwordError, reuseError } from '../auth/account-errors.ts';
import { codeSendAllowed } from '../auth/code-limits.ts';
import { passwordChangedNotice } from '../auth/notices.ts';

/**
 * Accounts and sessions (spec 2): sign-in (password, MFA, SSO), sign-out, password recovery, account creation.
 * Settings are in account-settings.ts. Contract: contracts/account.ts; overview: docs/accounts.md.
 */
const API = '/apiproxy/v1/account';
const HOUR = 3600_000;
const DEFAULT_AFTER_SIGNIN = '/account/for-you';

export const FORGOT_PER_EMAIL_PER_HOUR = 3;
export const FORGOT_PER_IP_PER_HOUR = 20;
export const CREATE_PER_IP_PER_HOUR = 50;
export const SSO_PER_IP_PER_15_MIN = 50;

export function registerAccountRoutes(app: Hono<AppEnv>) {
  // compute the unknown-user hash now so the first unknown-user sign-in costs no more than any other.
  // The password-strength dictionaries (zxcvbn-ts: about 0.5 s of CPU and tens of MB held for good) load with the
  // first new password instead (newPasswordProblem awaits them): not at start (docs/operations.md, "Start-up and memory")
  void dummyHash().catch(() => undefined);

  // ---- sign-in --------------------------------------------------------------------------------------------------
  app.post(`${API}/signin`, async (c) => {
    const body = await parseJson(c, SignInRequest);
    const { db, config } = c.var.deps;
    const ip = clientIp(c);
    const returnUrl = safeReturnUrl(body.returnUrl ?? c.req.query('returnUrl'));
    await maybePurge(db);
    const outcome = await checkCredentials(db, body.username, body.password, ip, deviceToken(c));
    if (outcome.kind === 'rate-limited') {
      await recordAuthEvent(db, 'signin-rate-limited', null, ip, body.reputation);
      // a messageId: the client shows the inline message (spec 8: a server messageId shows the inline error instead of the notification)
      throw rateLimited(c, outcome.retryAfterSeconds, { error: GenericCodes.rateLimited, messageId: 'too-many-attempts' });
    }
    if (outcome.kind === 'invalid') {
      await recordAuthEvent(db, 'signin-failure', null, ip, body.reputation);
      throw new ApiError(401, AccountErrorCodes.invalidCredentials, AccountMessages.invalidCredentials, {
        error: AccountErrorCodes.invalidCredentials,
        messageId: 'invalid-credentials',
      });
    }
    const user = outcome.user;
    if (config.universal.enableMfaFeatures && user.mfa_phone) {
      await recordAuthEvent(db, 'signin-mfa-challenge', user.id, ip, body.reputation);
      throw await mfaChallenge(c, user, { rememberMe: body.rememberMe, returnUrl });
    }
    await startSession(c, db, user.id, { rememberMe: body.rememberMe });
    await rememberDevice(c, db, user.id);
    await recordAuthEvent(db, 'signin-success', user.id, ip, body.reputation);
    return c.json(returnUrl ? { returnUrl } : {});
  });

  app.post(`${API}/signin/mfa`, async (c) => {
    const body = await parseJson(c, SignInMfaRequest);
    const { db } = c.var.deps;
    const id = (body.challengeId ?? body.methodId)!;
    const result = await verifyCode(db, { id, purpose: 'signin-mfa' }, body.code);
    if (!result.ok) throw codeError(result.reason);
    const rememberMe = result.row.payload.rememberMe === true;
    const returnUrl = safeReturnUrl(result.row.payload.returnUrl);
    await startSession(c, db, result.row.user_id, { rememberMe, mfaVerified: true });
    await rememberDevice(c, db, result.row.user_id);
    await recordAuthEvent(db, 'signin-success-mfa', result.row.user_id, clientIp(c), {});
    return c.json(returnUrl ? { returnUrl } : {});
  });

  app.post(`${API}/signin/mfa/resend`, async (c) => {
    const body = await parseJson(c, SignInMfaResendRequest);
    const { db, config } = c.var.deps;
    // the pending challenge: unused and unexpired; a new code at most every RESEND_CODE_AFTER_SECONDS
    const pending = await db.query<{ user_id: string; payload: Record<string, unknown> | string; wait: number }>(
      `select user_id, payload, greatest(0, ceil(extract(epoch from (created_at + make_interval(secs => $2) - now()))))::int as wait
         from one_time_codes where id = $1 and purpose = 'signin-mfa' and consumed_at is null and expires_at > now()`,
      [body.challengeId, RESEND_CODE_AFTER_SECONDS],
    );
    const row = pending.rows[0];
    if (!row) throw codeError('expired');
    if (row.wait > 0) throw rateLimited(c, row.wait, { error: GenericCodes.rateLimited, messageId: 'too-many-attempts' });
    const user = await findUserById(db, row.user_id);
    if (!user?.mfa_phone) throw codeError('expired');
    await codeSendAllowed(c, user.id);
    // the old code stops working; only one of two simultaneous resends wins
    const used = await db.query(`update one_time_codes set consumed_at = now() where id = $1 and consumed_at is null`, [body.challengeId]);
    if (used.rowCount !== 1) throw codeError('expired');
    const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
    const { id, code } = await issueCode(db, { userId: user.id, purpose: 'signin-mfa', target: user.mfa_phone, payload });
    await sendSms(db, { to: user.mfa_phone, body: `${config.brand.name}: ${code} is your new sign-in code. It expires in 10 minutes. Never share it.`, kind: 'signin-mfa', userId: user.id });
    await recordAuthEvent(db, 'signin-mfa-resend', user.id, clientIp(c), {});
    const methods: MfaChallengeMethod[] = [{ id, phoneNumber: maskPhone(user.mfa_phone), phoneSmsState: 'sent' }];
    return c.json({ challengeId: id, mfaChallengeMethods: methods });
  });

  // ---- single sign-on -------------------------------------------------------------------------------------------
  app.post(`${API}/signin/sso/:token`, async (c) => {
    const body = await parseJson(c, SsoSignInRequest);
    const { db } = c.var.deps;
    const ip = clientIp(c);
    const h = await hit(db, `sso:ip:${ip}`, 15 * 60_000);
    if (h.count > SSO_PER_IP_PER_15_MIN) throw rateLimited(c, h.retryAfterSeconds);
    // bound to this browser: the nonce cookie set when the link was asked for (server/auth/sso.ts)
    const userId = await consumeSsoToken(c, db, c.req.param('token'));
    if (!userId) {
      await recordAuthEvent(db, 'sso-failure', null, ip, body.reputation);
      throw new ApiError(401, AccountErrorCodes.ssoTokenInvalid, AccountMessages.ssoFailed, { error: AccountErrorCodes.ssoTokenInvalid });
    }
    await startSession(c, db, userId, { rememberMe: false });
    await rememberDevice(c, db, userId);
    await recordAuthEvent(db, 'sso-success', userId, ip, body.reputation);
    return c.json({ returnUrl: returnUrlOr(c.req.query('returnUrl'), DEFAULT_AFTER_SIGNIN) });
  });

  // ---- sign-out -------------------------------------------------------------------------------------------------
  app.post(`${API}/signout`, async (c) => {
    // signing out never fails on the body: an unreadable one only loses its returnUrl
    const body = await c.req.json().then((b: unknown) => v.safeParse(SignOutRequest, b), () => null);
    await endSession(c, c.var.deps.db);
    const given = body?.success ? body.output.returnUrl : undefined;
    return c.json({ returnUrl: returnUrlOr(given ?? c.req.query('returnUrl'), '/') });
  });

  // ---- password recovery ----------------------------------------------------------------------------------------
  app.post(`${API}/forgot-password`, async (c) => {
    const body = await parseJson(c, ForgotPasswordRequest);
    const { db, config } = c.var.deps;
    const ip = clientIp(c);
    const byIp = await hit(db, `forgot:ip:${ip}`, HOUR);
    if (byIp.count > FORGOT_PER_IP_PER_HOUR) throw rateLimited(c, byIp.retryAfterSeconds);
    // counted per address whether or not it has an account; over the limit nothing is sent, the answer is the same
    const byEmail = await hit(db, bucketKey('forgot:email', normalizeEmail(body.emailAddress)), HOUR);
    // the same work for known and unknown addresses (server/accounts/recovery.ts)
    if (byEmail.count <= FORGOT_PER_EMAIL_PER_HOUR) await requestPasswordReset(db, body.emailAddress, config.brand.name);
    return c.json({ ok: true });
  });

  app.get(`${API}/reset-password/:token/status`, async (c) => {
    const userId = await resetTokenUser(c.var.deps.db, c.req.param('token'));
    if (!userId) throw resetExpired();
    return c.json({ valid: true });
  });

  app.post(`${API}/reset-password`, async (c) => {
    const body = await parseJson(c, ResetPasswordRequest);
    const { db, config } = c.var.deps;
    if (!body.newPassword) throw passwordError((await newPasswordProblem(body.newPassword))!, 'newPassword');
    const userId = await resetTokenUser(db, body.token);
    const user = userId ? await findUserById(db, userId) : null;
    if (!user) throw resetExpired();
    const problem = await newPasswordProblem(body.newPassword, user.email, [user.first_name, user.last_name]);
    if (problem) throw passwordError(problem, 'newPassword');
    if (await reusesRecentPassword(db, user.id, body.newPassword)) throw reuseError('newPassword');
    const hash = await hashPassword(body.newPassword);
    const changed = await db.transaction(async (tx) => {
      if (!(await consumeResetToken(tx, body.token, user.id))) return false;
      await setPassword(tx, user.id, hash);
      await endAllSessions(tx, user.id);
      return true;
    });
    if (!changed) throw resetExpired();
    await clearUsernameThrottle(db, user.email);
    await passwordChangedNotice(db, config.brand.name, user);
    if (c.var.session?.userId === user.id) await endSession(c, db);
    return c.json({ ok: true });
  });

  // ---- account creation -----------------------------------------------------------------------------------------
  app.post(`${API}/create`, async (c) => {
    const { db, config } = c.var.deps;
    const raw = await readJsonForCreate(c);
    // normalised before anything is written: NUL or a lone surrogate anywhere (reputation included) is a 400
    const bad = illFormedPath(raw);
    if (bad !== null) {
      throw createError(400, GenericCodes.badRequest, 'validation', 'Remove the invalid characters.', { ...(bad ? { field: bad } : {}), messageId: 'invalid-characters' });
    }
    const parsed = v.safeParse(CreateAccountRequest, raw, { abortPipeEarly: true });
    if (!parsed.success) throw createValidationError(parsed.issues);
    const f = parsed.output;
    const ip = clientIp(c);
    if (config.account.includeStorageConsent && f.storageConsent !== true) {
      throw createError(400, GenericCodes.badRequest, 'validation', AccountMessages.storageConsentRequired, { field: 'storageConsent', messageId: 'storageConsent-required' });
    }
    const problem = await newPasswordProblem(f.password, f.emailAddress, [f.firstName, f.lastName]);
    if (problem) throw createError(400, problem.code, 'validation', problem.message, { field: 'password', messageId: problem.messageId });
    const byIp = await hit(db, `create:ip:${ip}`, HOUR);
    if (byIp.count > CREATE_PER_IP_PER_HOUR) {
      c.header('Retry-After', String(byIp.retryAfterSeconds));
      throw createError(429, GenericCodes.rateLimited, 'unknown-code', AccountMessages.rateLimited, { retryAfterSeconds: byIp.retryAfterSeconds });
    }
    // documented sandbox hook (docs/accounts.md): a reputation verdict of "high" risk refuses the registration
    if (f.reputation.risk === 'high') {
      await recordAuthEvent(db, 'create-reputation-rejected', null, ip, f.reputation);
      throw createError(403, AccountErrorCodes.reputationRejected, 'reputation', AccountMessages.createFailed, { messageId: 'reputation-rejected' });
    }
    // a physical card's PIN: failed checks limited per card number and per IP, counted outside the creation's
    // transaction (which rolls back for an address that has an account); server/cards/pin-limits.ts
    const pin = f.cardRewards === 'registerCard' ? await pinAttempt(db, f.registerCardNumber!, ip) : null;
    if (pin && !pin.ok) {
      c.header('Retry-After', String(pin.retryAfterSeconds));
      throw createError(429, GenericCodes.rateLimited, 'unknown-code', AccountMessages.rateLimited, { retryAfterSeconds: pin.retryAfterSeconds });
    }
    const returnUrl = safeReturnUrl(f.returnUrl ?? c.req.query('returnUrl'));
    // the hash first (the slow part, the same for every address), then one transaction for every write
    const outcome = await createAccount(c, db, f, {
      passwordHash: await hashPassword(f.password),
      ip,
      brand: config.brand.name,
      digitalCardFails: digitalProvisioningFails(f.emailAddress, config.env),
    });
    // an address that has an account: spec 2 section 5's 'Email address is not available.' on the email field, no
    // session, nothing changed; its owner was told by email (account-exists). The probe counted against the IP's
    // hourly limit above (docs/security-accounts.md "Enumeration").
    if (outcome.kind === 'exists') {
      throw createError(400, AccountErrorCodes.emailNotAvailable, 'validation', AccountMessages.emailNotAvailable, { field: 'emailAddress', messageId: 'emailAddress-not-available' });
    }
    if (pin?.ok && (outcome.card.ok || outcome.card.errorCode !== AccountErrorCodes.cardInformationError)) await pin.succeeded();
    const exId = outcome.exId;
    if (!outcome.card.ok) {
      // the account was created and is signed in; the card failed (partial success)
      const card = outcome.card;
      throw createError(422, card.errorCode, 'card-registration', card.message, {
        messageId: card.messageId,
        cardType: outcome.cardType,
        errorCode: card.errorCode,
        userExId: exId,
      });
    }
    return c.json(returnUrl ? { userExId: exId, returnUrl } : { userExId: exId });
  });

  registerAccountSettingsRoutes(app);
}

// ---- helpers ----------------------------------------------------------------------------------------------------

async function mfaChallenge(c: Context<AppEnv>, user: UserRow, payload: { rememberMe: boolean; returnUrl: string | null }): Promise<ApiError> {
  const { db, config } = c.var.deps;
  await codeSendAllowed(c, user.id);
  const { id, code } = await issueCode(db, { userId: user.id, purpose: 'signin-mfa', target: user.mfa_phone, payload });
  await sendSms(db, { to: user.mfa_phone!, body: `${config.brand.name}: ${code} is your sign-in code. It expires in 10 minutes. Never share it.`, kind: 'signin-mfa', userId: user.id });
  const methods: MfaChallengeMethod[] = [{ id, phoneNumber: maskPhone(user.mfa_phone!), phoneSmsState: 'sent' }];
  return new ApiError(401, AccountErrorCodes.mfaChallengeRequired, AccountMessages.mfaChallenge, {
    error: AccountErrorCodes.mfaChallengeRequired,
    challengeId: id,
    mfaChallengeMethods: methods,
  });
}

const resetExpired = () => new ApiError(410, AccountErrorCodes.resetTokenExpired, AccountMessages.resetLinkExpired);

/**
 * Documented sandbox hook (docs/accounts.md): outside production, an email address whose local part contains
 * "+cardfail" (e.g. ana+cardfail@example.com) makes digital card provisioning fail, for the partial-success path.
 */
export function digitalProvisioningFails(email: string, env: string): boolean {
  return env !== 'production' && /\+cardfail/i.test(email.split('@')[0] ?? '');
}

function createError(status: 400 | 403 | 422 | 429, code: string, type: CreateAccountErrorType, message: string, extras: Record<string, unknown> = {}) {
  return new ApiError(status, code, message, { type, ...extras });
}

function createValidationError(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): ApiError {
  const issue = issues[0];
  const field = v.getDotPath(issue) ?? undefined;
  let code: string = GenericCodes.badRequest;
  if (field === 'password') code = issue.message === AccountMessages.addPassword ? AccountErrorCodes.passwordMissing : AccountErrorCodes.passwordInvalid;
  return createError(400, code, 'validation', issue.message, {
    ...(field ? { field } : {}),
    messageId: field ? `${field}-invalid` : 'invalid',
    issues: issues.slice(0, 20).map((i) => ({ field: v.getDotPath(i), message: i.message })),
  });
}

async function readJsonForCreate(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > 64 * 1024) throw createError(400, GenericCodes.badRequest, 'validation', 'The request body is too large.');
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw createError(400, GenericCodes.badRequest, 'validation', 'The request body is not valid JSON.');
  }
}
