process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true'; // each caller's address from X-Forwarded-For

import { expect, it } from 'vitest';
import { AccountMessages } from '../../contracts/account.ts';
import { print } from 'graphql';
import { documents as CardDocuments } from '../../src/services/cards.graphql.ts';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { uniqueEmail } from '../test/accounts.ts';
import { OPT_OUTS_PER_IP_PER_HOUR } from './routes.ts';
import { SINGLE_USE_ADDRESSES_PER_IP_PER_HOUR } from '../cards/graphql.ts';

/**
 * Writes open to guests get a per-IP limit (issue 25): the privacy opt-out (each marked an arbitrary email opted
 * out, 300 of 300 accepted) and single-use billing addresses. Over the limit: 429 RATE_LIMITED 'Too many attempts.
 * Please wait a few minutes and try again.' (REST with Retry-After; GraphQL in errors[0].extensions), nothing
 * written; another address is not affected.
 */
forEachDb('per-IP limits on unauthenticated writes (issue 25)', ({ db }) => {
  const guest = () => testClient(appFor(db()));
  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const count = async (sql: string, params: unknown[] = []) => (await db().query<{ n: number }>(sql, params)).rows[0]!.n;

  it(`privacy opt-out: ${OPT_OUTS_PER_IP_PER_HOUR} per IP per hour, then 429 and nothing recorded; another IP is fine`, async () => {
    const c = guest();
    const ip = '203.0.113.41';
    for (let k = 0; k < OPT_OUTS_PER_IP_PER_HOUR; k++) {
      const r = await c.post('/apiproxy/v1/privacy/opt-out', { email: uniqueEmail('optout'), optIn: false }, from(ip));
      expect(r.status).toBe(200);
    }
    const email = uniqueEmail('optout-over');
    const over = await c.post('/apiproxy/v1/privacy/opt-out', { email, optIn: false }, from(ip));
    expect([over.status, over.json.code, over.json.message]).toEqual([429, 'RATE_LIMITED', AccountMessages.rateLimited]);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count('select count(*)::int as n from privacy_opt_outs where email_normalized = $1', [email.toLowerCase()])).toBe(0);
    const elsewhere = await c.post('/apiproxy/v1/privacy/opt-out', { email, optIn: false }, from('203.0.113.42'));
    expect(elsewhere.status).toBe(200);
    expect(await count('select count(*)::int as n from privacy_opt_outs where email_normalized = $1', [email.toLowerCase()])).toBe(1);
  });

  it(`single-use billing addresses: ${SINGLE_USE_ADDRESSES_PER_IP_PER_HOUR} per IP per hour, then 429 RATE_LIMITED and nothing stored; another IP is fine`, async () => {
    const c = guest();
    const ip = '203.0.113.51';
    const address = { firstName: 'Ana', lastName: 'Silva', addressLine1: '1 Pike St', city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA' };
    const add = (at: string) => c.post('/apiproxy/v1/graphql', { query: print(CardDocuments.ADD_SINGLE_USE_BILLING_ADDRESS), variables: { walletTarget: 'gift', input: address } }, from(at));
    const before = await count('select count(*)::int as n from single_use_addresses');
    for (let k = 0; k < SINGLE_USE_ADDRESSES_PER_IP_PER_HOUR; k++) {
      const r = await add(ip);
      expect(r.json.data?.addSingleUseBillingAddress?.addressToken, JSON.stringify(r.json)).toMatch(/^adt_/);
    }
    const over = await add(ip);
    expect(over.json.data ?? null).toBeNull();
    expect(over.json.errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', status: 429, message: AccountMessages.rateLimited });
    expect(await count('select count(*)::int as n from single_use_addresses')).toBe(before + SINGLE_USE_ADDRESSES_PER_IP_PER_HOUR);
    const elsewhere = await add('203.0.113.52');
    expect(elsewhere.json.data.addSingleUseBillingAddress.addressToken).toMatch(/^adt_/);
  });
});
