/** Helpers for the card suites: members with a registered physical card, saved methods, graphql calls. */
import { expect } from 'vitest';
import { print } from 'graphql';
import { documents as CardDocuments } from '../../src/services/cards.graphql.ts';
import type { Client } from '../test/accounts.ts';

export const pinOf = (i: number) => String((i * 1234567 + 10000000) % 100000000).padStart(8, '0');
export const cardNo = (i: number) => `600010000000${String(i).padStart(4, '0')}`;

let keyCounter = 0;
export const newKey = (p = 'k') => `${p}-${process.pid}-${Date.now().toString(36)}-${keyCounter++}`;

/** the seeded inventory cards 13..199 with i mod 10 not 0 or 9 are free, active, with (i mod 20) * 250 cents */
let next = 0;
const FREE: number[] = [];
for (let i = 11; i < 200; i++) if (i % 10 !== 0 && i % 10 !== 9 && i % 20 !== 0) FREE.push(i);
/** a free seeded card for this test file (offset by pid so parallel files on one template rarely meet) */
export function freeCard(): { number: string; pin: string; balance: number } {
  const i = FREE[next++ % FREE.length]!;
  return { number: cardNo(i), pin: pinOf(i), balance: (i % 20) * 250 };
}

export async function addCard(c: Client, number: string, pin: string, extra: Record<string, unknown> = {}) {
  return c.post('/apiproxy/v1/account/cards/add', { cardNumber: number, securityCode: pin, ...extra });
}

export async function tokenize(c: Client, number: string, extra: Record<string, unknown> = {}) {
  return c.post('/apiproxy/v1/sandbox-processor/tokens', { number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: number.length === 15 ? '1234' : '123', ...extra });
}

/** tokenises and saves a card; returns the saved method (expects success) */
export async function saveCard(c: Client, number = '4242424242424242', extra: Record<string, unknown> = {}) {
  const t = await tokenize(c, number);
  expect(t.status, JSON.stringify(t.json)).toBe(200);
  const r = await c.post('/apiproxy/v1/account/payment-methods', { token: t.json.token, ...extra });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.paymentMethod as { paymentMethodId: string; paymentInstrumentId: string; default: boolean; accountNumberLastFour: string };
}

/** one of the client's card documents (src/services/cards.graphql.ts), by its spec name */
export async function gql(c: Client, name: keyof typeof CardDocuments, variables: Record<string, unknown> = {}) {
  const r = await c.post('/apiproxy/v1/graphql', { query: print(CardDocuments[name]), variables });
  return r as typeof r & { json: { data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string; field?: string; status: number } }> } }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function cards(c: Client) {
  const r = await c.get('/apiproxy/v1/account/cards');
  expect(r.status).toBe(200);
  return r.json.cards as Array<{ cardId: string; lastFour: string; isPrimary: boolean; balance: { amount: number }; autoReloadProfile: unknown }>;
}

let ip = 1;
/** creates a member (signed in on `c`) from a fresh X-Forwarded-For address (tests set TRUST_PROXY): account creation is limited per IP */
export async function createMember(c: Client, email = `cards.${process.pid}.${Date.now().toString(36)}.${ip}@example.com`) {
  const n = ip++;
  const r = await c.post(
    '/apiproxy/v1/account/create',
    { firstName: 'Casey', lastName: 'Rivera', emailAddress: email, password: 'Lantern-Harbor-93', termsAndConditions: true, cardRewards: 'digitalCard' },
    { headers: { 'x-forwarded-for': `100.96.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` } },
  );
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return email;
}

/** a fresh pay code for one of the member's cards (what the barcode holds; expects success) */
export async function payCode(c: Client, cardId: string): Promise<string> {
  const r = await c.post('/apiproxy/v1/account/cards/barcode', { cardId });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.code as string;
}

/** the development register charging the card behind a fresh pay code */
export async function registerCharge(c: Client, cardId: string, amount: number, idempotencyKey = newKey()) {
  return c.post('/apiproxy/v1/dev/register/charge', { barcode: await payCode(c, cardId), amount, idempotencyKey });
}
