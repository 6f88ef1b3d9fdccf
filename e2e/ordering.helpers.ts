/**
 * Member and order helpers shared by e2e/rewards.spec.ts, e2e/history.spec.ts and e2e/home.spec.ts (they were
 * copied between them): a new member created over the API (`apiCreateAccount`) and signed in through the form,
 * optionally with a $25 stored-value card and a saved Visa; one Caffè Latte ordered through the menu and the
 * checkout at 3rd & Pine 24 Hours; the test-only Stars grant (server/rewards/dev-routes.ts).
 */
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { DEMO, apiCreateAccount, csrfHeaders, expect, signInThroughForm, uniqueEmail } from './fixtures.ts';

/** 3rd & Pine 24 Hours: always open (docs/ordering.md) */
export const STORE = '10003';
export const STORE_NAME = '3rd & Pine 24 Hours';

export const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * A member of its own (created with `request`), signed in through the form in `page` and landed on
 * /account/for-you; with `card`, a $25 digital stored-value card (primary) reloaded from a saved Visa (default).
 * Resolves with the email.
 */
export async function newMember(page: Page, request: APIRequestContext, { firstName = 'Hester', prefix = 'member', card = false }: { firstName?: string; prefix?: string; card?: boolean } = {}) {
  const email = uniqueEmail(prefix);
  const created = await apiCreateAccount(request, { firstName, lastName: 'Story', emailAddress: email, password: DEMO.regular.password, termsAndConditions: true });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  await signInThroughForm(page, email, DEMO.regular.password);
  await expect(page).toHaveURL(/\/account\/for-you$/, { timeout: 30_000 });
  if (card) await addStoredValueCard(page);
  return email;
}

/** a $25 digital stored-value card (primary) for the signed-in member, reloaded from a new saved Visa (default) */
export async function addStoredValueCard(page: Page) {
  const r = page.request;
  const headers = await csrfHeaders(r);
  const token = await (await r.post('/apiproxy/v1/sandbox-processor/tokens', { data: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' }, headers })).json();
  const method = await (await r.post('/apiproxy/v1/account/payment-methods', { data: { token: token.token, makeDefault: true }, headers })).json();
  const added = await r.post('/apiproxy/v1/account/cards/add', { data: { digitalCard: true, makePrimary: true }, headers });
  expect(added.ok(), await added.text()).toBeTruthy();
  const { card } = await added.json();
  const reload = await r.post(`/apiproxy/v1/account/cards/${card.cardId}/reload`, { data: { amount: 2500, paymentMethodId: method.paymentMethod.paymentMethodId, idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` }, headers });
  expect(reload.ok(), await reload.text()).toBeTruthy();
  return card as { cardId: string };
}

/** the test-only grant (loopback, APP_ENV=test): `stars` earned at `earnedAt` (default now); resolves with the balance */
export async function grantStars(page: Page, email: string, stars: number, earnedAt = new Date()): Promise<number> {
  const granted = await page.request.post('/apiproxy/v1/dev/rewards/grant', { data: { email, stars, earnedAt: earnedAt.toISOString() }, headers: await csrfHeaders(page.request) });
  expect(granted.ok(), await granted.text()).toBeTruthy();
  return ((await granted.json()) as { balance: number }).balance;
}

export type PlacedOrder = { total: number; tender: string; starsEarned: number; starsSpent: number };

/** the next SubmitOrder answer */
export const submitted = (page: Page) => page.waitForResponse((r) => r.url().includes('/apiproxy/v1/graphql') && (r.request().postData() ?? '').includes('SubmitOrder'));
export const placedOrder = async (answer: Promise<Response>) => ((await (await answer).json()) as { data: { submitOrder: { order: PlacedOrder } } }).data.submitOrder.order;

/** 3rd & Pine chosen, one Caffè Latte added from the menu (ends on the product page) */
export async function addLatte(page: Page) {
  await page.goto(`/menu/store-locator?storeNumber=${STORE}`);
  await page.getByRole('button', { name: `Order here at ${STORE_NAME}` }).first().click();
  await expect(page).toHaveURL(/\/menu$/);
  await page.getByRole('link', { name: 'Hot Coffees' }).click();
  await page.getByRole('link', { name: /^Caffè Latte/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Caffè Latte' })).toBeVisible();
  await page.getByRole('button', { name: /^Add to order/ }).click();
  await expect(page.getByText('Added to your order.')).toBeVisible();
}

/**
 * One Caffè Latte at 10003 through the menu and the checkout, placed; `offer` ticks the reward whose description
 * matches, `payWith` picks another payment method than the pre-selected stored-value card. Resolves with the
 * submit answer's order.
 */
export async function orderLatte(page: Page, { offer, payWith }: { offer?: RegExp; payWith?: RegExp } = {}): Promise<PlacedOrder> {
  await addLatte(page);
  await page.getByRole('link', { name: 'Review order' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review order' })).toBeVisible();
  if (offer) {
    // the box is the machine's: it shows ticked once the order is priced with the reward
    const box = page.getByRole('group', { name: 'Rewards' }).getByRole('checkbox', { name: offer });
    await box.click();
    await expect(box).toBeChecked();
  }
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const answer = submitted(page);
  const summary = page.getByRole('dialog', { name: 'Payment summary' });
  if (payWith) {
    const method = summary.getByRole('radio', { name: payWith });
    await method.check();
    await expect(method).toBeChecked();
  }
  await summary.getByRole('button', { name: 'Place order' }).click();
  const order = await placedOrder(answer);
  await expect(page.getByRole('dialog', { name: 'Thanks for your order!' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  return order;
}
