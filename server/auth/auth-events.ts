import type { Queryable } from '../db/db.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Records a sign-in, SSO or account-creation event with the client's reputation data (kept at most 8 KB).
 * jsonb cannot hold NUL or lone surrogates: they are replaced by U+FFFD here, so a recording never fails.
 */
export async function recordAuthEvent(db: Queryable, kind: string, userId: string | null, ip: string, reputation: unknown) {
  let json = JSON.stringify(reputation ?? {}, (_k, v: unknown) => (typeof v === 'string' ? v.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD') : v));
  json = json.replace(/\\u0000/g, '\\ufffd').replace(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/gi, '\\ufffd').replace(/(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/gi, '\\ufffd');
  if (json.length > 8192) json = JSON.stringify({ truncated: true });
  await db.query('insert into auth_events (kind, user_id, ip, reputation) values ($1, $2, $3, $4::text::jsonb)', [kind, userId, ip, json]);
}
