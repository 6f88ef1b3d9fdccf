process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { purgeExpiredAuthData } from '../auth/cleanup.ts';
import { idempotent } from './idempotency.ts';
import { addCard, cardNo, createMember, newKey, pinOf, saveCard } from './test-helpers.ts';

/**
 * Stored idempotency answers (issue 25): no full card number in the table (masked before writing; migration 038
 * masked the answers stored before), and answers older than 24 hours expire (the cleanup deletes them; a key met
 * after that counts as new).
 */
forEachDb('idempotency answers: masked and expiring', ({ db }) => {
  describe('masking', () => {
    it('a reload answer is stored without the card number; an answer carrying one is masked before it is written', async () => {
      const c = testClient(appFor(db()));
      await createMember(c);
      const card = (await addCard(c, cardNo(71), pinOf(71))).json.card as { cardId: string };
      const m = await saveCard(c);
      const key = newKey('mask');
      expect((await c.post(`/apiproxy/v1/account/cards/${card.cardId}/reload`, { amount: 1000, paymentMethodId: m.paymentMethodId, idempotencyKey: key })).status).toBe(200);
      const stored = await db().query<{ response: unknown }>('select response from idempotency_keys where key = $1', [`reload:${key}`]);
      expect(JSON.stringify(stored.rows[0]!.response)).not.toContain(cardNo(71));

      // any path that would store a full number: masked in the table, last four kept
      const k2 = newKey('mask');
      await idempotent(db(), 'test-scope', k2, { n: 1 }, async () => ({ cardNumber: cardNo(72), nested: { cardNumber: cardNo(73) } }));
      const row = await db().query<{ response: unknown }>('select response from idempotency_keys where key = $1', [k2]);
      expect(row.rows[0]!.response).toEqual({ cardNumber: '•••• 0072', nested: { cardNumber: '•••• 0073' } });
      // and the replay answers the masked copy
      const replay = await idempotent(db(), 'test-scope', k2, { n: 1 }, async () => ({ cardNumber: 'unused' }));
      expect(replay).toMatchObject({ cardNumber: '•••• 0072', duplicate: { code: '121063' } });
    });

    it('migration 038 masks answers stored before it and drops those past 24 hours', async () => {
      const legacy = { cardNumber: cardNo(74), card: { cardId: 'c', cardNumber: cardNo(75), lastFour: '0075' } };
      await db().query(`insert into idempotency_keys (key, scope, request_hash, status, response) values ('legacy-1', 'test-038', 'h', 200, $1::jsonb)`, [JSON.stringify(legacy)]);
      await db().query(`insert into idempotency_keys (key, scope, request_hash, status, response, created_at) values ('legacy-2', 'test-038', 'h', 200, '{}'::jsonb, now() - interval '25 hours')`);
      const sql = readFileSync(new URL('../db/migrations/038_idempotency_answers_masked.sql', import.meta.url), 'utf8');
      for (const statement of sql.replace(/--.*$/gm, '').split(';').map((x) => x.trim()).filter(Boolean)) await db().query(statement);
      const rows = await db().query<{ key: string; response: unknown }>(`select key, response from idempotency_keys where scope = 'test-038' order by key`);
      expect(rows.rows).toEqual([{ key: 'legacy-1', response: { cardNumber: '•••• 0074', card: { cardId: 'c', cardNumber: '•••• 0075', lastFour: '0075' } } }]);
    });
  });

  describe('retention', () => {
    it('answers older than 24 hours are deleted by the cleanup; younger ones stay; an old key not yet cleaned counts as new', async () => {
      const run = (key: string, value: number) => idempotent(db(), 'test-retention', key, { r: 1 }, async () => ({ value }));
      await run('old', 1);
      await run('stale', 1);
      await run('young', 1);
      await db().query(`update idempotency_keys set created_at = now() - interval '25 hours' where scope = 'test-retention' and key in ('old', 'stale')`);
      // a key past retention is a new request: it runs again
      expect(await run('stale', 2)).toEqual({ value: 2 });
      // a key within retention replays
      expect(await run('young', 2)).toMatchObject({ value: 1, duplicate: { code: '121063' } });
      await purgeExpiredAuthData(db());
      const left = await db().query<{ key: string }>(`select key from idempotency_keys where scope = 'test-retention' order by key`);
      expect(left.rows.map((r) => r.key)).toEqual(['stale', 'young']);
    });
  });
});
