process.env.PASSWORD_HASH_LOG_N = '10'; // fast hashes in tests only (the default is 2^17, see passwords.test.ts)
process.env.TRUST_PROXY = 'true';

import { describe, expect, it } from 'vitest';
import { AccountMessages, PartialSuccessMessages } from '../../contracts/account.ts';
import { appFor, forEachDb, testClient, testConfig } from '../test/db.ts';
import { createBody, outbox, PASSWORD, signedIn, uniqueEmail, userId } from '../test/accounts.ts';

/** card i of the sandbox inventory (002_accounts.sql): number and PIN */
const physical = (i: number) => ({
  registerCardNumber: `600010000000${String(i).padStart(4, '0')}`,
  registerCardPin: String((i * 1234567 + 10000000) % 100000000).padStart(8, '0'),
});

let ipCounter = 1;
const freshIp = () => ({ 'x-forwarded-for': `192.0.2.${ipCounter++}` });

forEachDb('account creation', ({ db }) => {
  const newClient = () => testClient(appFor(db()));
  const create = (body: Record<string, unknown>, c = newClient()) => c.post('/apiproxy/v1/account/create', body, { headers: freshIp() });

  it('creates the account, returns userExId, signs the user in, issues a primary digital card', async () => {
    const c = newClient();
    const body = createBody({ returnUrl: '/account/cards' });
    const res = await create(body, c);
    expect(res.status).toBe(200);
    expect(res.json.userExId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.returnUrl).toBe('/account/cards');
    const session = (await c.get('/apiproxy/v1/session')).json;
    expect(session).toMatchObject({ signedIn: true, user: { exId: res.json.userExId, email: body.emailAddress, firstName: 'Casey', lastName: 'Rivera' } });
    const cards = await db().query<{ kind: string; is_primary: boolean; balance_cents: number; card_number: string }>(
      'select kind, is_primary, balance_cents, card_number from stored_value_cards where user_id = $1',
      [await userId(db(), body.emailAddress as string)],
    );
    expect(cards.rows).toHaveLength(1);
    expect(cards.rows[0]).toMatchObject({ kind: 'digital', is_primary: true, balance_cents: 0 });
    expect(cards.rows[0]!.card_number).toMatch(/^7[0-9]{15}$/);
    const prefs = (await c.get('/apiproxy/v1/account/communication-preferences')).json;
    expect(prefs).toEqual({ receiveHarborEmailCommunications: false, receiveGeneralEmailCommunications: true, receivePersonalizedEmailCommunications: false });
    expect((await outbox(c, body.emailAddress as string, 'welcome')).length).toBe(1);
  });

  it('stores the password as argon2id (cheap parameters under APP_ENV=test, OWASP otherwise), never in plain text', async () => {
    const body = createBody();
    await create(body);
    const r = await db().query<{ password_hash: string }>('select password_hash from users where email_normalized = $1', [(body.emailAddress as string).toLowerCase()]);
    const hash = r.rows[0]!.password_hash;
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(hash).not.toContain(PASSWORD);
    const everywhere = await db().query<{ t: string }>(`select coalesce(string_agg(body, ' '), '') as t from outbox`);
    expect(everywhere.rows[0]!.t).not.toContain(PASSWORD);
  });

  it("an email already in use (any case): 400 EMAIL_NOT_AVAILABLE 'Email address is not available.' on the email field (spec 2 section 5), no session, nothing changed, the owner is told by email", async () => {
    const body = createBody();
    const first = newClient();
    const owner = await create(body, first);
    expect(owner.status).toBe(200);
    const c = newClient();
    const again = await create(createBody({ emailAddress: (body.emailAddress as string).toUpperCase(), firstName: 'Mallory' }), c);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ code: 'EMAIL_NOT_AVAILABLE', message: 'Email address is not available.', type: 'validation', field: 'emailAddress', messageId: 'emailAddress-not-available' });
    expect(again.json).not.toHaveProperty('userExId');
    // nothing changed for the owner, no session for the caller
    expect(await signedIn(c)).toBe(false);
    const users = await db().query<{ n: number; first_name: string }>('select count(*)::int as n, min(first_name) as first_name from users where email_normalized = $1', [(body.emailAddress as string).toLowerCase()]);
    expect(users.rows[0]).toEqual({ n: 1, first_name: 'Casey' });
    const mails = await outbox(first, body.emailAddress as string);
    expect(mails.map((m) => m.kind).sort()).toEqual(['account-exists', 'welcome']);
    // with a physical card: the same answer, the card is neither checked nor registered
    const withCard = await create(createBody({ emailAddress: body.emailAddress, cardRewards: 'registerCard', registerCardNumber: '6000100000000005', registerCardPin: String((5 * 1234567 + 10000000) % 100000000).padStart(8, '0') }), c);
    expect(withCard.status).toBe(400);
    expect(withCard.json).toMatchObject({ code: 'EMAIL_NOT_AVAILABLE', field: 'emailAddress' });
    expect(await signedIn(c)).toBe(false);
    const card = await db().query<{ registered_at: Date | null }>(`select registered_at from physical_cards where card_number = '6000100000000005'`);
    expect(card.rows[0]!.registered_at).toBeNull();
  });

  it('probing for taken addresses counts against the hourly creation limit per IP (429 after it)', async () => {
    const body = createBody();
    expect((await create(body)).status).toBe(200);
    const ip = { 'x-forwarded-for': '198.51.100.77' };
    // 49 creations from this IP this hour (filled directly): the 50th, a probe, is answered; the 51st is refused
    await db().query(`insert into rate_limits (bucket, window_start, count) values ('create:ip:198.51.100.77', now(), 49)`);
    const c = newClient();
    const probe = () => c.post('/apiproxy/v1/account/create', createBody({ emailAddress: body.emailAddress }), { headers: ip });
    expect((await probe()).json).toMatchObject({ code: 'EMAIL_NOT_AVAILABLE' });
    const refused = await probe();
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'RATE_LIMITED' });
  });

  describe('atomic: bad input or a failure half-way leaves nothing written, and a retry succeeds', () => {
    const counts = async (email: string) => {
      const r = await db().query<{ users: number; outbox: number; events: number; cards: number }>(
        `select (select count(*)::int from users where email_normalized = $1) as users,
                (select count(*)::int from outbox where lower(recipient) = $1) as outbox,
                (select count(*)::int from auth_events e join users u on u.id = e.user_id where u.email_normalized = $1) as events,
                (select count(*)::int from stored_value_cards s join users u on u.id = s.user_id where u.email_normalized = $1) as cards`,
        [email.toLowerCase()],
      );
      return r.rows[0]!;
    };
    const nothing = { users: 0, outbox: 0, events: 0, cards: 0 };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['NUL in reputation', { reputation: { deviceId: 'a\u0000b' } }, 'reputation.deviceId'],
      ['lone surrogate in reputation', { reputation: { deviceId: '\ud800x' } }, 'reputation.deviceId'],
      ['lone low surrogate in a nested reputation key', { reputation: { nested: { ['k\udc00']: 1 } } }, 'reputation.nested.k\ufffd'], // the answer's JSON carries U+FFFD for it
      ['NUL in the first name', { firstName: 'Ca\u0000sey' }, 'firstName'],
      ['lone surrogate in the password', { password: 'Lantern-Harbor-93\ud83d' }, 'password'],
    ];
    for (const [name, overrides, field] of cases) {
      it(`${name}: 400 naming ${JSON.stringify(field)}, nothing written; the same form without it succeeds`, async () => {
        const body = createBody(overrides);
        const email = body.emailAddress as string;
        const res = await create(body);
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ code: 'BAD_REQUEST', field });
        expect(await counts(email)).toEqual(nothing);
        const retry = await create({ ...body, ...createBody({ emailAddress: email }) });
        expect(retry.status, JSON.stringify(retry.json)).toBe(200);
        expect(await counts(email)).toEqual({ users: 1, outbox: 1, events: 1, cards: 1 });
      });
    }

    it('a failure after the user row (the card step throws) rolls back the user, its event and its welcome mail', async () => {
      const body = createBody();
      const email = body.emailAddress as string;
      // make the card step fail unexpectedly: a trigger refuses this user's card inside the transaction
      await db().query(`create or replace function refuse_card() returns trigger language plpgsql as $$
        begin if exists (select 1 from users where id = new.user_id and email_normalized = '${email.toLowerCase()}') then raise exception 'card store down'; end if; return new; end $$`);
      await db().query('create trigger refuse_card before insert on stored_value_cards for each row execute function refuse_card()');
      try {
        const res = await create(body);
        expect(res.status).toBe(500);
        expect(await counts(email)).toEqual(nothing);
      } finally {
        await db().query('drop trigger refuse_card on stored_value_cards');
      }
      const retry = await create(body);
      expect(retry.status).toBe(200);
      expect(await counts(email)).toEqual({ users: 1, outbox: 1, events: 1, cards: 1 });
    });
  });

  describe('validation errors name the field with the spec message', () => {
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['terms not accepted', { termsAndConditions: false }, 'termsAndConditions', 'Please agree to the Terms of Use.'],
      ['terms missing', { termsAndConditions: undefined }, 'termsAndConditions', 'Please agree to the Terms of Use.'],
      ['first name missing', { firstName: '' }, 'firstName', AccountMessages.firstNameRequired],
      ['last name missing', { lastName: '   ' }, 'lastName', AccountMessages.lastNameRequired],
      ['email missing', { emailAddress: '' }, 'emailAddress', AccountMessages.emailRequired],
      ['email invalid', { emailAddress: 'nope' }, 'emailAddress', AccountMessages.emailInvalid],
      ['password missing', { password: '' }, 'password', 'Add password'],
      ['card number too short', { cardRewards: 'registerCard', registerCardNumber: '6000100000', registerCardPin: '12345678' }, 'registerCardNumber', 'A valid card number has 16 digits.'],
      ['card number with spaces', { cardRewards: 'registerCard', registerCardNumber: '6000 1000 0000 0001', registerCardPin: '12345678' }, 'registerCardNumber', 'A valid card number has 16 digits.'],
      ['card number with dashes', { cardRewards: 'registerCard', registerCardNumber: '6000-1000-0000-00', registerCardPin: '12345678' }, 'registerCardNumber', 'A valid card number has 16 digits.'],
      ['pin not 8 digits', { cardRewards: 'registerCard', registerCardNumber: '6000100000000001', registerCardPin: '1234' }, 'registerCardPin', 'A valid security code has 8 digits.'],
      ['pin with letters', { cardRewards: 'registerCard', registerCardNumber: '6000100000000001', registerCardPin: '1234abcd' }, 'registerCardPin', 'A valid security code has 8 digits.'],
      ['cardRewards unknown', { cardRewards: 'paperCard' }, 'cardRewards', ''],
      ['registrationSource other', { registrationSource: 'App' }, 'registrationSource', ''],
      ['consent flag not boolean', { receiveHarborEmailCommunications: 'yes' }, 'receiveHarborEmailCommunications', ''],
    ];
    for (const [name, overrides, field, message] of cases) {
      it(name, async () => {
        const res = await create(createBody(overrides));
        expect(res.status).toBe(400);
        expect(res.json.type).toBe('validation');
        expect(res.json.field).toBe(field);
        if (message) expect(res.json.message).toBe(message);
        expect(res.json.messageId).toBeTruthy();
      });
    }

    it('password policy: 111022 with the policy message', async () => {
      for (const [pw, messageId] of [['short', 'password-too-short'], ['sunshine', 'password-too-common'], ['z'.repeat(129), 'password-too-long']] as const) {
        const res = await create(createBody({ password: pw }));
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ type: 'validation', field: 'password', code: '111022' });
        if (messageId !== 'password-too-long' && messageId !== 'password-too-short') expect(res.json.messageId).toBe(messageId);
      }
      const email = uniqueEmail('same');
      const same = await create(createBody({ emailAddress: email, password: email }));
      expect(same.json).toMatchObject({ field: 'password', code: '111022', messageId: 'password-equals-email' });
      const missing = await create(createBody({ password: '' }));
      expect(missing.json.code).toBe('111011');
    });

    it('storage consent is required only when configured', async () => {
      const withConsent = testClient(appFor(db(), testConfig({ account: { ...testConfig().account, includeStorageConsent: true } })));
      const res = await withConsent.post('/apiproxy/v1/account/create', createBody(), { headers: freshIp() });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ type: 'validation', field: 'storageConsent', message: 'Please agree to the storage conditions.' });
      expect((await withConsent.post('/apiproxy/v1/account/create', createBody({ storageConsent: true }), { headers: freshIp() })).status).toBe(200);
      expect((await create(createBody())).status).toBe(200);
    });

    it('nothing is created on a validation error', async () => {
      const body = createBody({ termsAndConditions: false });
      await create(body);
      expect((await db().query('select 1 from users where email_normalized = $1', [(body.emailAddress as string).toLowerCase()])).rows).toHaveLength(0);
    });
  });

  describe('physical card registration (after the account is created)', () => {
    it('registers an active card with its PIN: the card and its balance belong to the new account', async () => {
      const c = newClient();
      const body = createBody({ cardRewards: 'registerCard', ...physical(3) });
      const res = await create(body, c);
      expect(res.status).toBe(200);
      const cards = await db().query<{ kind: string; balance_cents: number; is_primary: boolean }>(
        'select kind, balance_cents, is_primary from stored_value_cards where user_id = $1',
        [await userId(db(), body.emailAddress as string)],
      );
      expect(cards.rows).toEqual([{ kind: 'physical', balance_cents: 750, is_primary: true }]);
      // and nobody can register it again
      const again = await create(createBody({ cardRewards: 'registerCard', ...physical(3) }));
      expect(again.status).toBe(422);
      expect(again.json).toMatchObject({ type: 'card-registration', cardType: 'physical', errorCode: '122000' });
    });

    const failures: Array<[string, Record<string, string>, string, string]> = [
      ['wrong PIN', { ...physical(4), registerCardPin: '00000000' }, '121001', 'card-information-error'],
      ['unknown number', { registerCardNumber: '6000100000009999', registerCardPin: '12345678' }, '121001', 'card-information-error'],
      ['already registered (card 10)', physical(10), '122000', 'card-state-error'],
      ['inactive (card 19)', physical(19), '121030', 'card-state-error'],
    ];
    for (const [name, card, errorCode, messageId] of failures) {
      it(`${name}: 422 card-registration ${errorCode}; the account exists and is signed in`, async () => {
        const c = newClient();
        const body = createBody({ cardRewards: 'registerCard', ...card });
        const res = await create(body, c);
        expect(res.status).toBe(422);
        expect(res.json).toMatchObject({ type: 'card-registration', cardType: 'physical', errorCode, code: errorCode, messageId });
        expect(res.json.userExId).toMatch(/^[0-9a-f-]{36}$/);
        expect(await signedIn(c)).toBe(true);
        const id = await userId(db(), body.emailAddress as string);
        expect((await db().query('select 1 from stored_value_cards where user_id = $1', [id])).rows).toHaveLength(0);
      });
    }

    it('a wrong PIN of an already registered card says 121001, not 122000 (the PIN comes first)', async () => {
      const res = await create(createBody({ cardRewards: 'registerCard', ...physical(20), registerCardPin: '11111111' }));
      expect(res.json.errorCode).toBe('121001');
    });
  });

  it('digital card provisioning failure (documented +cardfail address): 422 card-state-error, signed in', async () => {
    const c = newClient();
    const res = await create(createBody({ emailAddress: uniqueEmail('ana+cardfail') }), c);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ type: 'card-registration', cardType: 'digital', messageId: 'card-state-error', errorCode: 'DIGITAL_CARD_PROVISION_ERROR' });
    expect(PartialSuccessMessages[res.json.messageId as 'card-state-error']).toBe('Please try another card.');
    expect(await signedIn(c)).toBe(true);
  });

  it('the +cardfail hook is off in production', async () => {
    const prod = testClient(appFor(db(), testConfig({ env: 'production' })));
    const res = await prod.post('/apiproxy/v1/account/create', createBody({ emailAddress: uniqueEmail('bo+cardfail') }), { headers: freshIp() });
    expect(res.status).toBe(200);
  });

  it('reputation risk "high" refuses the registration (type reputation, generic message), nothing created', async () => {
    const c = newClient();
    const body = createBody({ reputation: { risk: 'high' } });
    const res = await create(body, c);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ type: 'reputation', code: 'REPUTATION_REJECTED', message: AccountMessages.createFailed });
    expect(await signedIn(c)).toBe(false);
    expect((await db().query('select 1 from users where email_normalized = $1', [(body.emailAddress as string).toLowerCase()])).rows).toHaveLength(0);
  });

  it('records the reputation data of the registration', async () => {
    const body = createBody({ reputation: { deviceId: 'abc', fingerprint: 'f-1' } });
    await create(body);
    const r = await db().query<{ reputation: unknown }>(`select reputation from auth_events where kind = 'create' and user_id = $1`, [await userId(db(), body.emailAddress as string)]);
    expect(r.rows[0]?.reputation).toEqual({ deviceId: 'abc', fingerprint: 'f-1' });
  });

  it('refuses an external returnUrl (omitted from the answer)', async () => {
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)']) {
      const res = await create(createBody({ returnUrl: bad }));
      expect(res.status).toBe(200);
      expect(res.json.returnUrl).toBeUndefined();
    }
  });

  it('malformed JSON is a validation error, not a 500', async () => {
    const res = await newClient().post('/apiproxy/v1/account/create', '{"firstName":', { headers: freshIp() });
    expect(res.status).toBe(400);
    expect(res.json.type).toBe('validation');
  });

  it('limits account creation per IP (429, type unknown-code)', async () => {
    const ip = { 'x-forwarded-for': '192.0.2.250' };
    // fill the bucket directly rather than creating 50 accounts
    await db().query(`insert into rate_limits (bucket, window_start, count) values ('create:ip:192.0.2.250', now(), 50)`);
    const res = await newClient().post('/apiproxy/v1/account/create', createBody(), { headers: ip });
    expect(res.status).toBe(429);
    expect(res.json).toMatchObject({ code: 'RATE_LIMITED', type: 'unknown-code' });
  });

  it('needs the CSRF token', async () => {
    const res = await newClient().post('/apiproxy/v1/account/create', createBody(), { csrf: false });
    expect(res.status).toBe(403);
  });
});
