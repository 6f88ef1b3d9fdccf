import { randomInt } from 'node:crypto';
import { ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_MS } from '../../contracts/account.ts';
import type { Queryable } from '../db/db.ts';
import { equalHex, randomId, sha256Hex } from './tokens.ts';

/**
 * 6-digit one-time codes (sign-in MFA, email change, MFA re-authentication, MFA phone): they live
 * ONE_TIME_CODE_TTL_MS (10 minutes), allow ONE_TIME_CODE_MAX_ATTEMPTS (5) guesses, work once, and are
 * stored as SHA-256 of "id:code". Settings codes are bound to the session that asked for them.
 */
export type CodePurpose = 'signin-mfa' | 'email-change' | 'mfa-reauth' | 'mfa-phone';

export interface IssuedCode {
  id: string;
  code: string;
}

export interface CodeRow {
  id: string;
  user_id: string;
  target: string | null;
  payload: Record<string, unknown>;
}

export async function issueCode(
  db: Queryable,
  opts: { userId: string; purpose: CodePurpose; target?: string | null; sessionIdHash?: string | null; payload?: Record<string, unknown> },
): Promise<IssuedCode> {
  if (opts.sessionIdHash) {
    // a new code for the same step replaces the previous one
    await db.query('delete from one_time_codes where session_id_hash = $1 and purpose = $2', [opts.sessionIdHash, opts.purpose]);
  }
  const id = randomId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.query(
    `insert into one_time_codes (id, user_id, purpose, code_hash, target, session_id_hash, payload, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, now() + ($8 || ' milliseconds')::interval)`,
    [id, opts.userId, opts.purpose, sha256Hex(`${id}:${code}`), opts.target ?? null, opts.sessionIdHash ?? null, JSON.stringify(opts.payload ?? {}), String(ONE_TIME_CODE_TTL_MS)],
  );
  return { id, code };
}

/** The pending (unused, unexpired, attempts left) code of a session for a purpose. */
export async function pendingCode(db: Queryable, sessionIdHash: string, purpose: CodePurpose): Promise<CodeRow | null> {
  const r = await db.query<CodeRow>(
    `select id, user_id, target, payload from one_time_codes
      where session_id_hash = $1 and purpose = $2 and consumed_at is null and expires_at > now() and attempts < $3
      order by created_at desc limit 1`,
    [sessionIdHash, purpose, ONE_TIME_CODE_MAX_ATTEMPTS],
  );
  return r.rows[0] ?? null;
}

export type VerifyResult = { ok: true; row: CodeRow } | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a code. `where` names the code by id (sign-in challenges) or by session (settings steps).
 * Each call uses up one attempt before comparing, so parallel guesses cannot exceed the limit.
 */
export async function verifyCode(
  db: Queryable,
  where: { id: string; purpose: CodePurpose } | { sessionIdHash: string; purpose: CodePurpose },
  code: string,
): Promise<VerifyResult> {
  let id: string;
  if ('id' in where) id = where.id;
  else {
    const pending = await pendingCode(db, where.sessionIdHash, where.purpose);
    if (!pending) return { ok: false, reason: 'expired' };
    id = pending.id;
  }
  const r = await db.query<CodeRow & { code_hash: string }>(
    `update one_time_codes set attempts = attempts + 1
      where id = $1 and purpose = $2 and consumed_at is null and expires_at > now() and attempts < $3
      returning id, user_id, target, payload, code_hash`,
    [id, where.purpose, ONE_TIME_CODE_MAX_ATTEMPTS],
  );
  const row = r.rows[0];
  if (!row) return { ok: false, reason: 'expired' };
  if (!equalHex(sha256Hex(`${id}:${code}`), row.code_hash)) return { ok: false, reason: 'invalid' };
  const used = await db.query('update one_time_codes set consumed_at = now() where id = $1 and consumed_at is null', [id]);
  if (used.rowCount !== 1) return { ok: false, reason: 'expired' };
  const payload = typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload;
  return { ok: true, row: { id: row.id, user_id: row.user_id, target: row.target, payload } };
}
