process.env.TRUST_PROXY = 'true';

import { expect, it } from 'vitest';
import type { Db, Queryable } from '../db/db.ts';
import { forEachDb } from '../test/db.ts';
import { uniqueEmail } from '../test/accounts.ts';
import { requestPasswordReset } from './recovery.ts';

/** A Db that records every statement (the SQL text, not the values), transactions included. */
function recording(db: Db) {
  const log: string[] = [];
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      log.push(sql.replace(/\s+/g, ' ').trim());
      return q.query(sql, params);
    },
  });
  const rec: Db = { ...db, query: wrap(db).query, transaction: (fn) => db.transaction((tx) => fn(wrap(tx))) };
  return { rec, log };
}

forEachDb('forgot-password does the same work for known and unknown addresses', ({ db }) => {
  it('the same statements in the same order (no timing asserts), and an unknown address gets no usable link', async () => {
    const known = await db().query<{ email: string }>(`select email from users where email = 'demo@example.com'`);
    expect(known.rows).toHaveLength(1);
    const a = recording(db());
    await requestPasswordReset(a.rec, 'demo@example.com', 'Harbor Coffee');
    const b = recording(db());
    const ghost = uniqueEmail('ghost');
    await requestPasswordReset(b.rec, ghost, 'Harbor Coffee');
    expect(a.log.length).toBeGreaterThanOrEqual(4);
    expect(b.log).toEqual(a.log);
    // the decoy token row belongs to nobody and never works
    const decoys = await db().query<{ n: number }>('select count(*)::int as n from password_reset_tokens where user_id is null');
    expect(decoys.rows[0]!.n).toBe(1);
    const mails = await db().query<{ kind: string; link: string }>('select kind, link from outbox where recipient = $1', [ghost]);
    expect(mails.rows).toEqual([{ kind: 'password-reset-no-account', link: '/account/create' }]);
  });
});
