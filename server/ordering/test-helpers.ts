/** Helpers for the ordering suites: operations by spec name, products by name, a member with a funded card. */
import { expect } from 'vitest';
import { OrderingOperations, type OrderingOperationName } from '../../contracts/ordering.ts';
import { sdlSchema } from '../graphql/sdl.ts';
import { fullSelectionDocument } from '../graphql/full-selection.ts';
import { buildMenuRows, optionSku, skuOf } from '../db/seed/menu.ts';
import type { Client } from '../test/accounts.ts';
import { addCard, cardNo, createMember, newKey, pinOf } from '../cards/test-helpers.ts';

export type GqlAnswer = { status: number; json: { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions: { code: string; status: number; field?: string; [k: string]: unknown } }> } }; // eslint-disable-line @typescript-eslint/no-explicit-any

const schema = await sdlSchema();
/** the operation's document selecting every field of its answer (server/graphql/full-selection.ts) */
export const fullDocument = (name: OrderingOperationName) => {
  const o = OrderingOperations[name];
  return fullSelectionDocument(schema, o.kind, o.name, o.field);
};

export async function op(c: Client, name: OrderingOperationName, input: unknown): Promise<GqlAnswer & { data: any; code: string | undefined; ext: Record<string, unknown> | undefined }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = (await c.post('/apiproxy/v1/graphql', { query: fullDocument(name), variables: { input } })) as GqlAnswer;
  const field = Object.keys(r.json?.data ?? {})[0];
  return { ...r, data: field ? r.json.data?.[field] : undefined, code: r.json?.errors?.[0]?.extensions?.code ?? (r.json as { code?: string })?.code, ext: r.json?.errors?.[0]?.extensions ?? (r.json as Record<string, unknown>) };
}

const rows = buildMenuRows();
export const productNo = (name: string) => {
  const p = rows.products.find((x) => x.name === name);
  if (!p) throw new Error(`no product ${name}`);
  return p.product_number;
};
export const sku = (name: string, size = 'grande', form?: string) => {
  const n = productNo(name);
  const f = form ?? rows.forms.find((x) => x.product_number === n)!.form_code;
  return skuOf(n, f, size);
};
export { optionSku };

export const item = (s: string, quantity = 1, childItems: Array<{ commerce: { sku: string }; quantity: number }> = []) => ({ commerce: { sku: s }, quantity, childItems });
export const priceInput = (storeNumber: string, items: unknown[], extra: Record<string, unknown> = {}) => ({ storeNumber, order: { cart: { items, offers: [] }, fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: '16' } }, ...extra });

/** a new member with a registered seeded card (i = 207: $100, 208: $50, 209: $40, 210: $30) */
export async function memberWithCard(c: Client, i: number) {
  await createMember(c);
  const r = await addCard(c, cardNo(i), pinOf(i));
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.card as { cardId: string; cardNumber: string; balance: { amount: number } };
}

export const submitInput = (orderId: string, storeNumber: string, tender: { tender: string; id: string; amount: number }, extra: Record<string, unknown> = {}) => ({
  orderId,
  storeNumber,
  tenders: [tender],
  tipAmount: 0,
  idempotencyKey: newKey('ord'),
  ...extra,
});

export { newKey };
