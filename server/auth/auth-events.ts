import type { Queryable } from '../db/db.ts';

/** Records a sign-in, SSO or account-creation event with the client's reputation data (kept at most 8 KB). */
export async function recordAuthEvent(db: Queryable, kind: string, userId: string | null, ip: string, reputation: unknown) {
  let json = JSON.stringify(reputation ?? {});
  if (json.length > 8192) json = JSON.stringify({ truncated: true });
  await db.query('insert into auth_events (kind, user_id, ip, reputation) values ($1, $2, $3, $4::text::jsonb)', [kind, userId, ip, json]);
}
