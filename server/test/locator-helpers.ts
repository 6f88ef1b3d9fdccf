import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { hashToken } from '../http/session.ts';

/**
 * A signed-in session without the sign-in endpoint: inserts a session row for the seeded user and
 * puts its token in the test client's cookie jar (cookie `sid`).
 */
export async function signInAs(db: Db, jar: Map<string, string>, email: string): Promise<string> {
  const user = (await db.query<{ id: string }>('select id from users where email_normalized = $1', [email.toLowerCase()])).rows[0];
  if (!user) throw new Error(`no seeded user ${email}`);
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `insert into sessions (id_hash, user_id, idle_expires_at, absolute_expires_at) values ($1, $2, now() + interval '1 hour', now() + interval '2 hours')`,
    [hashToken(token), user.id],
  );
  jar.set('sid', token);
  return user.id;
}

export async function favoriteNumbers(db: Db, userId: string): Promise<string[]> {
  const r = await db.query<{ short_number: string }>('select short_number from favorite_stores where user_id = $1 order by short_number', [userId]);
  return r.rows.map((x) => x.short_number);
}
