/**
 * Helpers for the account test suites: unique users created through POST /account/create, and the
 * development outbox (where reset links and one-time codes land).
 */
import { expect } from 'vitest';
import type { Db } from '../db/db.ts';
import type { testClient } from './db.ts';

export type Client = ReturnType<typeof testClient>;

export const PASSWORD = 'Lantern-Harbor-93';
export const OTHER_PASSWORD = 'Quiet-Espresso-Tide-7';

let counter = 0;
export const uniqueEmail = (prefix = 'member') => `${prefix}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.com`;

export function createBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Casey',
    lastName: 'Rivera',
    emailAddress: uniqueEmail(),
    password: PASSWORD,
    termsAndConditions: true,
    cardRewards: 'digitalCard',
    receiveHarborEmailCommunications: false,
    receiveGeneralEmailCommunications: true,
    receivePersonalizedEmailCommunications: false,
    country: 'US',
    locale: 'en-US',
    registrationSource: 'Web',
    reputation: { deviceId: 'test-device' },
    ...overrides,
  };
}

/** Creates an account with `client` (which ends up signed in as it) and returns its email and password. */
export async function createUser(client: Client, overrides: Record<string, unknown> = {}) {
  const body = createBody(overrides);
  const res = await client.post('/apiproxy/v1/account/create', body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return { email: body.emailAddress as string, password: body.password as string, userExId: res.json.userExId as string };
}

export async function signIn(client: Client, username: string, password: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return client.post('/apiproxy/v1/account/signin', { username, password, rememberMe: false, market: 'US', transactionSubType: 'signin', reputation: {}, ...extra }, { headers });
}

export async function outbox(client: Client, recipient: string, kind?: string) {
  const q = new URLSearchParams({ recipient, ...(kind ? { kind } : {}) });
  const res = await client.get(`/apiproxy/v1/dev/outbox?${q}`);
  expect(res.status).toBe(200);
  return res.json.messages as Array<{ id: number; channel: string; recipient: string; subject: string; body: string; link: string | null; kind: string; code: string | null }>;
}

export async function latestCode(client: Client, recipient: string, kind?: string): Promise<string> {
  const [m] = await outbox(client, recipient, kind);
  expect(m?.code, `a code was sent to ${recipient}`).toMatch(/^[0-9]{6}$/);
  return m!.code!;
}

export const signedIn = async (client: Client) => (await client.get('/apiproxy/v1/session')).json.signedIn as boolean;

export async function userId(db: Db, email: string): Promise<string> {
  const r = await db.query<{ id: string }>('select id from users where email_normalized = $1', [email.toLowerCase()]);
  return r.rows[0]!.id;
}

/** the sid cookie attributes from a response's Set-Cookie */
export function sidCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith('sid='));
}
