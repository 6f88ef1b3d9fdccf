process.env.PASSWORD_HASH_LOG_N = '10';
process.env.TRUST_PROXY = 'true';

import { expect, it } from 'vitest';
import { appFor, forEachDb, testClient } from '../test/db.ts';
import { createMember, gql } from './test-helpers.ts';

/**
 * Issue 25 (Low): the 20-address limit was a count followed by an insert, so parallel creates on PostgreSQL stored
 * 34. The insert is now conditional on the count under the member's row lock, as favorites do.
 */
const address = { type: 'Billing', firstName: 'Robin', lastName: 'Park', addressLine1: '1 Main St', city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA', country: 'US' };

forEachDb('cards: the address limit under parallel creates', ({ db }) => {
  it('30 parallel CREATE_ADDRESS on top of 15 saved: exactly 20 stored, the rest refused with 409 CONFLICT', async () => {
    const c = testClient(appFor(db()));
    await createMember(c);
    for (let i = 0; i < 15; i++) expect((await gql(c, 'CREATE_ADDRESS', { input: { ...address, addressLine1: `${i} Main St` } })).json.errors).toBeUndefined();
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => gql(c, 'CREATE_ADDRESS', { input: { ...address, addressLine1: `${100 + i} Pine St` } })));
    for (const r of results) expect(r.status).toBeLessThan(500);
    const refused = results.filter((r) => r.json.errors);
    for (const r of refused) expect(r.json.errors![0]!.extensions).toMatchObject({ code: 'CONFLICT', status: 409 });
    expect(results.length - refused.length).toBe(5);
    const list = await gql(c, 'GET_ADDRESS_LIST');
    expect(list.json.data!.user.addressList).toHaveLength(20);
  });
});
