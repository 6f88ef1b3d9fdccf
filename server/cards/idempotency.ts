import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../db/db.ts';
import { ApiError } from '../http/errors.ts';
import { CardCodes, CardMessages } from '../../contracts/cards.ts';

/**
 * Idempotent money calls. The key row (scope = member id, or 'register'), the movement and the stored
 * answer commit in ONE transaction:
 * - first call: the key is inserted, `fn` moves the money, the answer is stored with the key;
 * - replay with the same request: the stored answer comes back (with `duplicate` 121063) and nothing moves;
 *   on PostgreSQL a concurrent replay waits on the key's unique index until the first commits;
 * - the same key with other parameters: 422 IDEMPOTENCY_KEY_REUSED;
 * - a failed first call rolls back with its key, so the caller may retry with the same key.
 *
 * Stored answers keep no full card number (issue 25): answers carry `lastFour` / '•••• 0001' only, and any
 * `"cardNumber": "<16 digits>"` that would still reach the table is masked before it is written
 * (`maskStoredAnswer`). Answers are kept IDEMPOTENCY_RETENTION_HOURS (24 h): older rows are deleted by the cleanup
 * (`purgeOldIdempotencyAnswers`, run with server/auth/cleanup.ts) and an older key met before that cleanup counts
 * as new, so a replay later than a day moves money again.
 */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
const RETENTION = `interval '${IDEMPOTENCY_RETENTION_HOURS} hours'`;

export const maskStoredAnswer = (json: string) => json.replace(/"cardNumber":"[0-9]{12}([0-9]{4})"/g, '"cardNumber":"•••• $1"');

export async function purgeOldIdempotencyAnswers(db: Queryable) {
  await db.query(`delete from idempotency_keys where created_at < now() - ${RETENTION}`);
}
export function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const o = value as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`)
    .join(',')}}`;
}

export const requestHash = (request: unknown) => createHash('sha256').update(stableJson(request)).digest('hex');

export const duplicate = { code: CardCodes.duplicate, message: CardMessages.duplicate } as const;

export async function idempotent<T extends object>(
  db: Db,
  scope: string,
  key: string,
  request: unknown,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T & { duplicate?: typeof duplicate }> {
  const hash = requestHash(request);
  return db.transaction(async (tx) => {
    await tx.query(`delete from idempotency_keys where scope = $1 and key = $2 and created_at < now() - ${RETENTION}`, [scope, key]);
    const inserted = await tx.query(
      `insert into idempotency_keys (key, scope, request_hash, status, response) values ($1, $2, $3, 200, '{}'::jsonb) on conflict (scope, key) do nothing`,
      [key, scope, hash],
    );
    if (inserted.rowCount !== 1) {
      const r = await tx.query<{ request_hash: string; response: T | string }>('select request_hash, response from idempotency_keys where scope = $1 and key = $2', [scope, key]);
      const row = r.rows[0];
      if (!row || row.request_hash !== hash) throw new ApiError(422, CardCodes.keyReused, CardMessages.keyReused, { field: 'idempotencyKey' });
      const first = typeof row.response === 'string' ? (JSON.parse(row.response) as T) : row.response;
      return { ...first, duplicate };
    }
    const body = await fn(tx);
    await tx.query('update idempotency_keys set response = $3::jsonb where scope = $1 and key = $2', [scope, key, maskStoredAnswer(JSON.stringify(body))]);
    return body;
  });
}
