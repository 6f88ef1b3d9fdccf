import { expect, it } from 'vitest';
import { forEachDb } from '../test/db.ts';
import { queryPrepared } from './db.ts';

/** Named prepared statements (prepared.ts): the same rows as query, errors that leave the handle usable, the locks. */
forEachDb('prepared statements', ({ db }) => {
  const sql = `select $1::int as i, $2::float8 as f, $3::text as t, $4::text[] as a, $5::jsonb as j, $6::boolean as b, $7::int as n,
      count(*)::int as c, sum(1)::bigint as big from stores where short_number = any(array[$3::text] || $4::text[])`;

  it('gives the rows query gives, past the custom plans (generic plan), with the same types', async () => {
    for (let k = 0; k < 8; k++) {
      const params = [k, 0.1 + k / 3, '10001', ['10002', "it's"], JSON.stringify({ k, s: 'x"y' }), k % 2 === 0, null];
      const plain = await db().query(sql, params);
      const prepared = await queryPrepared(db(), sql, params);
      expect(prepared.rows).toEqual(plain.rows);
      expect(prepared.rows[0]).toMatchObject({ i: k, t: '10001', a: ['10002', "it's"], b: k % 2 === 0, n: null, c: 2, big: 2 });
    }
  });

  it('an error (parse or execution) is thrown, and the handle goes on working', async () => {
    await expect(queryPrepared(db(), 'select from nowhere_at_all', [])).rejects.toThrow(/nowhere_at_all/);
    await expect(queryPrepared(db(), 'select from nowhere_at_all', [])).rejects.toThrow(/nowhere_at_all/);
    const div = 'select 10 / $1::int as q';
    expect((await queryPrepared<{ q: number }>(db(), div, [2])).rows).toEqual([{ q: 5 }]);
    await expect(queryPrepared(db(), div, [0])).rejects.toThrow(/division by zero/);
    expect((await queryPrepared<{ q: number }>(db(), div, [5])).rows).toEqual([{ q: 2 }]);
    expect((await db().query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it("does not run inside another caller's open transaction", async () => {
    const seen = 'select count(*)::int as n from stores where name = $1';
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const ready = new Promise<void>((r) => (inserted = r));
    const tx = db()
      .transaction(async (t) => {
        await t.query(`update stores set name = 'prepared-test' where short_number = '10001'`);
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    await ready;
    const during = queryPrepared<{ n: number }>(db(), seen, ['prepared-test']);
    setTimeout(release, 50);
    expect(await tx).toBe('roll back');
    expect((await during).rows).toEqual([{ n: 0 }]);
  });
});
