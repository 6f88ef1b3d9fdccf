import type { Context, Hono } from 'hono';
import {
  AccountErrorCodes,
  AccountMessages,
  ChangeEmailRequest,
  ChangePasswordRequest,
  CommunicationPreferencesPatch,
  MfaPhoneRequest,
  MfaReauthRequest,
  PartnerNumber,
  ProfilePatch,
  VerifyCodeRequest,
  maskPhone,
  type CommunicationPreferences,
  type EmailStatus,
  type MfaReauthResponse,
  type MfaStatus,
  type Profile,
} from '../../contracts/account.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { SessionInfo } from '../http/session.ts';
import type { AppEnv } from '../http/types.ts';
import { parseJson } from '../http/validate.ts';
import { issueCode, pendingCode, verifyCode } from '../auth/one-time-codes.ts';
import { reusesRecentPassword, setPassword } from '../auth/password-history.ts';
import { newPasswordProblem } from '../auth/password-policy.ts';
import { hashPassword } from '../auth/passwords.ts';
import { rateLimited, reauthValidUntil, requireRecentReauth, requireUser } from '../auth/require.ts';
import { checkCurrentPassword } from '../auth/signin.ts';
import { findUserByEmail, findUserById, normalizeEmail, type UserRow } from '../auth/users.ts';
import { publicUrl, sendEmail, sendSms } from '../outbox/outbox.ts';
import { codeError, passwordError, reuseError } from '../auth/account-errors.ts';
import { codeSendAllowed } from '../auth/code-limits.ts';
import { passwordChangedNotice } from '../auth/notices.ts';

/**
 * Personal details and settings (spec 2 section 2, signed in). Every query is keyed by the session's user id:
 * no endpoint takes a user id, so one user's session cannot name another's data.
 */
const API = '/apiproxy/v1/account';

type ProfileRow = { ex_id: string; first_name: string; last_name: string; email: string; phone_number: string | null; birth_month: number | null; birth_day: number | null };

async function loadProfile(c: Context<AppEnv>, userId: string): Promise<Profile> {
  const r = await c.var.deps.db.query<ProfileRow>('select ex_id, first_name, last_name, email, phone_number, birth_month, birth_day from users where id = $1', [userId]);
  const u = r.rows[0];
  if (!u) throw notFound('No such account.');
  return {
    userExId: u.ex_id,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    phoneNumber: u.phone_number,
    birthday: u.birth_month && u.birth_day ? { month: Number(u.birth_month), day: Number(u.birth_day) } : null,
  };
}

async function loadPreferences(c: Context<AppEnv>, userId: string): Promise<CommunicationPreferences> {
  const r = await c.var.deps.db.query<{ p: boolean; g: boolean; z: boolean }>(
    'select receive_product_email as p, receive_general_email as g, receive_personalized_email as z from users where id = $1',
    [userId],
  );
  const u = r.rows[0];
  if (!u) throw notFound('No such account.');
  return { receiveHarborEmailCommunications: u.p, receiveGeneralEmailCommunications: u.g, receivePersonalizedEmailCommunications: u.z };
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
  const r = await c.var.deps.db.query<{ mfa_phone: string | null }>('select mfa_phone from users where id = $1', [s.userId]);
  const phone = r.rows[0]?.mfa_phone ?? null;
  const until = reauthValidUntil({ ...s, mfaVerifiedAt: verifiedAt });
  return {
    enabled: !!phone,
    phoneNumber: phone ? maskPhone(phone) : null,
    mfaVerifiedAt: verifiedAt?.toISOString() ?? null,
    reauthValidUntil: until && until.getTime() > Date.now() ? until.toISOString() : null,
  };
}

async function markSecondFactor(c: Context<AppEnv>, s: SessionInfo): Promise<Date> {
  const r = await c.var.deps.db.query<{ mfa_verified_at: Date }>('update sessions set mfa_verified_at = now() where id_hash = $1 returning mfa_verified_at', [s.idHash]);
  return new Date(r.rows[0]!.mfa_verified_at);
}

export function registerAccountSettingsRoutes(app: Hono<AppEnv>) {
  // ---- personal details -----------------------------------------------------------------------------------------
  app.get(`${API}/profile`, async (c) => c.json(await loadProfile(c, requireUser(c).userId)));

  app.patch(`${API}/profile`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, ProfilePatch);
    const sets: string[] = [];
    const params: unknown[] = [s.userId];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (body.firstName !== undefined) set('first_name', body.firstName);
    if (body.lastName !== undefined) set('last_name', body.lastName);
    if (body.phoneNumber !== undefined) set('phone_number', body.phoneNumber);
    if (body.birthday !== undefined) {
      set('birth_month', body.birthday?.month ?? null);
      set('birth_day', body.birthday?.day ?? null);
    }
    if (sets.length) await c.var.deps.db.query(`update users set ${sets.join(', ')}, updated_at = now() where id = $1`, params);
    return c.json(await loadProfile(c, s.userId));
  });

  app.get(`${API}/partner-number`, async (c) => {
    const s = requireUser(c);
    const r = await c.var.deps.db.query<{ partner_number: string | null }>('select partner_number from users where id = $1', [s.userId]);
    return c.json({ partnerNumber: r.rows[0]?.partner_number ?? null });
  });

  app.put(`${API}/partner-number`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, PartnerNumber);
    await c.var.deps.db.query('update users set partner_number = $2, updated_at = now() where id = $1', [s.userId, body.partnerNumber]);
    return c.json({ partnerNumber: body.partnerNumber });
  });

  app.get(`${API}/communication-preferences`, async (c) => c.json(await loadPreferences(c, requireUser(c).userId)));

  app.put(`${API}/communication-preferences`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, CommunicationPreferencesPatch);
    await c.var.deps.db.query(
      `update users set receive_product_email = coalesce($2, receive_product_email),
                        receive_general_email = coalesce($3, receive_general_email),
                        receive_personalized_email = coalesce($4, receive_personalized_email),
                        updated_at = now()
        where id = $1`,
      [s.userId, body.receiveHarborEmailCommunications ?? null, body.receiveGeneralEmailCommunications ?? null, body.receivePersonalizedEmailCommunications ?? null],
    );
    return c.json(await loadPreferences(c, s.userId));
  });

  // ---- password -------------------------------------------------------------------------------------------------
  app.post(`${API}/settings/password`, async (c) => {
    const s = requireUser(c);
    const body = await parseJson(c, ChangePasswordRequest);
    const { db, config } = c.var.deps;
    const user = await currentUser(c, s);
    const problem = newPasswordProblem(body.newPassword, user.email);
    if (problem) throw passwordError(problem, 'newPassword');
    await reauthenticate(c, user, body.currentPassword, 'currentPassword');
    if (await reusesRecentPassword(db, user.id, body.newPassword)) throw reuseError('newPassword');
    const hash = await hashPassword(body.newPassword);
    await db.transaction(async (tx) => {
      await setPassword(tx, user.id, hash);
      await tx.query('delete from sessions where user_id = $1 and id_hash <> $2', [user.id, s.idHash]);
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
    if (await findUserByEmail(db, body.newEmail)) throw emailTaken();
    await codeSendAllowed(c, user.id);
    const { code } = await issueCode(db, { userId: user.id, purpose: 'email-change', target: body.newEmail, sessionIdHash: s.idHash });
    await sendEmail(db, {
      to: body.newEmail,
      subject: `Your ${config.brand.name} verification code`,
      body: `Your verification code is ${code}. Enter it within 10 minutes to use this address for your ${config.brand.name} account.`,
      kind: 'email-change-code',
      userId: user.id,
    });
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
    try {
      const r = await db.query(
        `update users set email = $2, email_normalized = $3, updated_at = now()
          where id = $1 and not exists (select 1 from users where email_normalized = $3 and id <> $1)`,
        [user.id, newEmail, normalizeEmail(newEmail)],
      );
      if (r.rowCount !== 1) throw emailTaken();
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw emailTaken();
      throw e;
    }
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
    await db.query('update users set mfa_phone = $2, mfa_phone_verified_at = now(), updated_at = now() where id = $1', [s.userId, result.row.target]);
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
    await db.query('update users set mfa_phone = null, mfa_phone_verified_at = null, updated_at = now() where id = $1', [s.userId]);
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
