import type { Context, Hono } from 'hono';
import {
  AccountErrorCodes,
  AccountMessages,
  ChangeEmailRequest,
  ChangePasswordRequest,
  CommunicationPreferencesPatch,
  MfaPhoneRequest,
  MfaReauthRequest,
  ProfilePatch,
  VerifyCodeRequest,
  maskPhone,
  type CommunicationPreferences,
  type EmailStatus,
  type MfaReauthResponse,
  type MfaStatus,
  type Profile,
} from '../../contracts/account.ts';
import { PartnerNumber } from '../../contracts/account-reads.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { SessionInfo } from '../http/session.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson } from '../http/validate.ts';
import { issueCode, pendingCode, verifyCode } from '../auth/one-time-codes.ts';
import { reusesRecentPassword, setPassword } from '../auth/password-history.ts';
import { newPasswordProblem } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { rateLimited, reauthValidUntil, recentlyReauthenticated, requireRecentReauth, requireUser } from '../auth/require.ts';
import { checkCurrentPassword } from '../auth/signin.ts';
import { findUserByEmail, findUserById, normalizeEmail, type UserRow } from '../auth/users.ts';
import {
  changeEmail,
  endOtherSessions,
  loadPreferences,
  loadProfile,
  markSecondFactor as markSessionSecondFactor,
  mfaPhone,
  partnerNumber,
  setMfaPhone,
  setPartnerNumber,
  updatePreferences,
  updateProfile,
} from '../accounts/account-store.ts';
import { registerSessionRoutes } from './account-sessions.ts';
import { publicUrl, sendEmail, sendSms } from '../outbox/outbox.ts';
import { codeError, passwordError, reuseError } from '../auth/account-errors.ts';
import { codeSendAllowed } from '../auth/code-limits.ts';
import { passwordChangedNotice } from '../auth/notices.ts';

/**
 * Personal details and settings (spec 2 section 2, signed in). Every query is keyed by the session's user id:
 * no endpoint takes a user id, so one user's session cannot name another's data.
 */
const API = '/apiproxy/v1/account';

async function profileOf(c: Context<AppEnv>, userId: string): Promise<Profile> {
  const p = await loadProfile(c.var.deps.db, userId);
  if (!p) throw notFound('No such account.');
  return p;
}

async function preferencesOf(c: Context<AppEnv>, userId: string): Promise<CommunicationPreferences> {
  const p = await loadPreferences(c.var.deps.db, userId);
  if (!p) throw notFound('No such account.');
  return p;
}

async function currentUser(c: Context<AppEnv>, s: SessionInfo): Promise<UserRow> {
  const user = await findUserById(c.var.deps.db, s.userId);
  if (!user) throw notFound('No such account.');
  return user;
}

/** Checks the current password given for a settings change: 400 CURRENT_PASSWORD_INVALID naming `field`, or 429. */
async function reauthenticate(c: Context<AppEnv>, user: UserRow, password: string, field: string) {
  const r = await checkCurrentPassword(c.var.deps.db, user.id, user.password_hash, password);
  if (r === 'invalid') throw new ApiError(400, AccountErrorCodes.currentPasswordInvalid, AccountMessages.currentPasswordInvalid, { field, messageId: 'current-password-invalid' });
  if (r !== 'ok') throw rateLimited(c, r.retryAfterSeconds);
}

function mfaFeature(c: Context<AppEnv>) {
  if (!c.var.deps.config.universal.enableMfaFeatures) throw notFound('No such API endpoint.');
}

async function mfaStatus(c: Context<AppEnv>, s: SessionInfo, verifiedAt: Date | null = s.mfaVerifiedAt): Promise<MfaStatus> {
  const phone = await mfaPhone(c.var.deps.db, s.userId);
  const until = reauthValidUntil({ ...s, mfaVerifiedAt: verifiedAt });
  return {
    enabled: !!phone,
    phoneNumber: phone ? maskPhone(phone) : null,
    mfaVerifiedAt: verifiedAt?.toISOString() ?? null,
    reauthValidUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
  };
}

const markSecondFactor = (c: Context<AppEnv>, s: SessionInfo) => markSessionSecondFactor(c.var.deps.db, s.idHash);

export function registerAccountSettingsRoutes(app: Hono<AppEnv>) {
  registerSessionRoutes(app);

  // ---- personal details -----------------------------------------------------------------------------------------
  app.get(`${API}/profile`, async (c) => c.json(await profileOf(c, requireUser(c).userId)));

  app.patch(`${API}/profile`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, ProfilePatch);
    await updateProfile(c.var.deps.db, s.userId, body);
    return c.json(await profileOf(c, s.userId));
  });

  app.get(`${API}/partner-number`, async (c) => {
    const s = requireUser(c);
    return c.json({ partnerNumber: await partnerNumber(c.var.deps.db, s.userId) });
  });

  app.put(`${API}/partner-number`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, PartnerNumber);
    await setPartnerNumber(c.var.deps.db, s.userId, body.partnerNumber);
    return c.json({ partnerNumber: body.partnerNumber });
  });

  app.get(`${API}/communication-preferences`, async (c) => c.json(await preferencesOf(c, requireUser(c).userId)));

  app.put(`${API}/communication-preferences`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, CommunicationPreferencesPatch);
    await updatePreferences(c.var.deps.db, s.userId, body);
    return c.json(await preferencesOf(c, s.userId));
  });

  // ---- password -------------------------------------------------------------------------------------------------
  app.post(`${API}/settings/password`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, ChangePasswordRequest);
    const { db, config } = c.var.deps;
    const user = await currentUser(c, s);
    const problem = await newPasswordProblem(body.newPassword, user.email, [user.first_name, user.last_name]);
    if (problem) throw passwordError(problem, 'newPassword');
    if (body.currentPassword !== undefined) await reauthenticate(c, user, body.currentPassword, 'currentPassword');
    else if (!recentlyReauthenticated(s)) throw new ApiError(400, GenericCodes.badRequest, AccountMessages.passwordRequired, { field: 'currentPassword' });
    if (await reusesRecentPassword(db, user.id, body.newPassword)) throw reuseError('newPassword');
    const hash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await setPassword(tx, user.id, hash);
      await endOtherSessions(tx, user.id, s.idHash);
    });
    await passwordChangedNotice(db, config.brand.name, user);
    return c.json({ ok: true });
  });

  // ---- email ----------------------------------------------------------------------------------------------------
  app.get(`${API}/settings/email`, async (c) => {
    const s = requireUser(c);
    const user = await currentUser(c, s);
    const pending = await pendingCode(c.var.deps.db, s.idHash, 'email-change');
    const body: EmailStatus = { email: user.email, proposedNewEmail: pending?.target ?? null };
    return c.json(body);
  });

  app.post(`${API}/settings/email`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, ChangeEmailRequest);
    const { db, config } = c.var.deps;
    const user = await currentUser(c, s);
    await reauthenticate(c, user, body.password, 'password');
    if (normalizeEmail(body.newEmail) === normalizeEmail(user.email)) {
      throw new ApiError(400, GenericCodes.badRequest, 'This is already your email address.', { field: 'newEmail', messageId: 'newEmail-same' });
    }
    // an address that has an account is not revealed (docs/security-accounts.md): the same answer and the same
    // pending step, but the code goes nowhere and that address's owner is told instead
    const owner = await findUserByEmail(db, body.newEmail);
    await codeSendAllowed(c, user.id);
    const { code } = await issueCode(db, { userId: user.id, purpose: 'email-change', target: body.newEmail, sessionIdHash: s.idHash });
    if (owner) {
      await sendEmail(db, {
        to: owner.email,
        subject: `Someone tried to use your ${config.brand.name} email address`,
        body: `Hi ${owner.first_name},\n\nAnother ${config.brand.name} account asked to change its email address to this one. It stays yours: nothing changed and no code was sent. If you have questions, call ${config.brand.customerServicePhone}.`,
        kind: 'email-change-taken',
        userId: owner.id,
      });
    } else {
      await sendEmail(db, {
        to: body.newEmail,
        subject: `Your ${config.brand.name} verification code`,
        body: `Your verification code is ${code}. Enter it within 10 minutes to use this address for your ${config.brand.name} account.`,
        kind: 'email-change-code',
        userId: user.id,
      });
    }
    return c.json({ proposedNewEmail: body.newEmail });
  });

  app.post(`${API}/settings/email/verify`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, VerifyCodeRequest);
    const { db, config } = c.var.deps;
    const user = await currentUser(c, s);
    const result = await verifyCode(db, { sessionIdHash: s.idHash, purpose: 'email-change' }, body.code);
    if (!result.ok) throw codeError(result.reason);
    const newEmail = result.row.target!;
    // the email changes and every other session ends in one transaction (ASVS 7.4.3)
    const changed = await db.transaction(async (tx) => {
      if (!(await changeEmail(tx, user.id, newEmail))) return false;
      await endOtherSessions(tx, user.id, s.idHash);
      return true;
    });
    if (!changed) throw emailTaken();
    await sendEmail(db, {
      to: user.email,
      subject: `Your ${config.brand.name} email address was changed`,
      body: `Hi ${user.first_name},\n\nThe email address of your account was changed to ${newEmail}. If this was not you, contact us at ${config.brand.customerServicePhone} or visit ${publicUrl('/account/forgot-password')}.`,
      kind: 'email-changed',
      userId: user.id,
    });
    const out: EmailStatus = { email: newEmail, proposedNewEmail: null };
    return c.json(out);
  });

  // ---- MFA (config universal.enableMfaFeatures) ----------------------------------------------------------------
  app.get(`${API}/settings/mfa`, async (c) => {
    mfaFeature(c);
    return c.json(await mfaStatus(c, requireUser(c)));
  });

  app.post(`${API}/settings/mfa/reauth`, async (c) => {
    mfaFeature(c);
    const s = requireUser(c);
    const body = await parseJson(c, MfaReauthRequest);
    const { db, config } = c.var.deps;
    const user = await currentUser(c, s);
    await reauthenticate(c, user, body.password, 'password');
    if (!user.mfa_phone) {
      const at = await markSecondFactor(c, s);
      const out: MfaReauthResponse = { status: 'verified', phoneNumber: null, mfaVerifiedAt: at.toISOString() };
      return c.json(out);
    }
    await codeSendAllowed(c, user.id);
    const { code } = await issueCode(db, { userId: user.id, purpose: 'mfa-reauth', target: user.mfa_phone, sessionIdHash: s.idHash });
    await sendSms(db, { to: user.mfa_phone, body: `${config.brand.name}: ${code} is your verification code. It expires in 10 minutes. Never share it.`, kind: 'mfa-reauth', userId: user.id });
    const out: MfaReauthResponse = { status: 'code-sent', phoneNumber: maskPhone(user.mfa_phone), mfaVerifiedAt: null };
    return c.json(out);
  });

  app.post(`${API}/settings/mfa/reauth/verify`, async (c) => {
    mfaFeature(c);
    const s = requireUser(c);
    const body = await parseJson(c, VerifyCodeRequest);
    const result = await verifyCode(c.var.deps.db, { sessionIdHash: s.idHash, purpose: 'mfa-reauth' }, body.code);
    if (!result.ok) throw codeError(result.reason);
    const at = await markSecondFactor(c, s);
    return c.json(await mfaStatus(c, s, at));
  });

  app.post(`${API}/settings/mfa/phone`, async (c) => {
    mfaFeature(c);
    const s = requireRecentReauth(c);
    const body = await parseJson(c, MfaPhoneRequest);
    const { db, config } = c.var.deps;
    await codeSendAllowed(c, s.userId);
    const { code } = await issueCode(db, { userId: s.userId, purpose: 'mfa-phone', target: body.phoneNumber, sessionIdHash: s.idHash });
    await sendSms(db, { to: body.phoneNumber, body: `${config.brand.name}: ${code} is your code to add this phone for 2-step verification. It expires in 10 minutes.`, kind: 'mfa-phone', userId: s.userId });
    return c.json({ pendingPhoneNumber: maskPhone(body.phoneNumber) });
  });

  app.post(`${API}/settings/mfa/phone/verify`, async (c) => {
    mfaFeature(c);
    const s = requireRecentReauth(c);
    const body = await parseJson(c, VerifyCodeRequest);
    const { db, config } = c.var.deps;
    const result = await verifyCode(db, { sessionIdHash: s.idHash, purpose: 'mfa-phone' }, body.code);
    if (!result.ok) throw codeError(result.reason);
    await db.transaction(async (tx) => {
      await setMfaPhone(tx, s.userId, result.row.target);
      await endOtherSessions(tx, s.userId, s.idHash);
    });
    const at = await markSecondFactor(c, s);
    const user = await currentUser(c, s);
    await sendEmail(db, {
      to: user.email,
      subject: `2-step verification phone updated`,
      body: `Hi ${user.first_name},\n\nThe phone ${maskPhone(result.row.target!)} will now receive your ${config.brand.name} sign-in codes. If this was not you, contact us at ${config.brand.customerServicePhone}.`,
      kind: 'mfa-phone-changed',
      userId: user.id,
    });
    return c.json(await mfaStatus(c, s, at));
  });

  app.delete(`${API}/settings/mfa/phone`, async (c) => {
    mfaFeature(c);
    const s = requireRecentReauth(c);
    const { db, config } = c.var.deps;
    await db.transaction(async (tx) => {
      await setMfaPhone(tx, s.userId, null);
      await endOtherSessions(tx, s.userId, s.idHash);
    });
    const user = await currentUser(c, s);
    await sendEmail(db, {
      to: user.email,
      subject: `2-step verification turned off`,
      body: `Hi ${user.first_name},\n\nSign-in codes will no longer be sent to a phone for your ${config.brand.name} account. If this was not you, contact us at ${config.brand.customerServicePhone}.`,
      kind: 'mfa-phone-removed',
      userId: user.id,
    });
    return c.json(await mfaStatus(c, s));
  });
}

const emailTaken = () => new ApiError(400, AccountErrorCodes.emailNotAvailable, AccountMessages.emailNotAvailable, { field: 'newEmail', messageId: 'newEmail-not-available' });
