/**
 * Order history in Chromium (issue 28 "Order history", "Reorder from home"; docs/home.md 1, 2.4, 2.5, 3.5): a new
 * member with a stored-value card places an order, finds it on /account/history and opens its receipt, then reorders
 * it from the home page's last-order widget and counts the taps to a placed order (at most 3: Reorder, Continue to
 * payment, Place order); another member opening the first member's order id is told 'We could not find that order.'.
 * The member and order helpers follow e2e/rewards.spec.ts (spec files cannot import each other's tests).
 */
import type { APIRequestContext, Locator, Page, Response } from '@playwright/test';
import { DEMO, expect, signInThroughForm, test, uniqueEmail, apiCreateAccount } from './fixtures.ts';

const STORE = '10003'; // 3rd & Pine 24 Hours: always open (docs/ordering.md)

async function csrf(request: APIRequestContext) {
  const state = await request.storageState();
  return { 'x-csrf-token': state.cookies.find((c) => c.name === 'csrf')?.value ?? '' };
}

/** a member of its own, signed in with the form; with `card`, a $25 stored-value card (primary) and a saved Visa */
async function newMember(page: Page, request: APIRequestContext, prefix: string, card: boolean) {
  const email = uniqueEmail(prefix);
  const created = await apiCreateAccount(request, { firstName: 'Hester', lastName: 'Story', emailAddress: email, password: DEMO.regular.password, termsAndConditions: true });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  await signInThroughForm(page, email, DEMO.regular.password);
  await page.waitForURL((url) => url.pathname.startsWith('/account/') && !url.pathname.startsWith('/account/signin'));
  if (!card) return email;
  const r = page.request;
  await r.get('/apiproxy/v1/session');
  const headers = await csrf(r);
  const token = await (await r.post('/apiproxy/v1/sandbox-processor/tokens', { data: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' }, headers })).json();
  const method = await (await r.post('/apiproxy/v1/account/payment-methods', { data: { token: token.token, makeDefault: true }, headers })).json();
  const added = await r.post('/apiproxy/v1/account/cards/add', { data: { digitalCard: true, makePrimary: true }, headers });
  expect(added.ok(), await added.text()).toBeTruthy();
  const cardAnswer = await added.json();
  const reload = await r.post(`/apiproxy/v1/account/cards/${cardAnswer.card.cardId}/reload`, { data: { amount: 2500, paymentMethodId: method.paymentMethod.paymentMethodId, idempotencyKey: `e2e-history-${Date.now()}` }, headers });
  expect(reload.ok()).toBeTruthy();
  return email;
}

type Placed = { total: number; tender: string; starsEarned: number };
const submitted = (page: Page) => page.waitForResponse((r) => r.url().includes('/apiproxy/v1/graphql') && (r.request().postData() ?? '').includes('SubmitOrder'));
const placedOrder = async (answer: Promise<Response>) =>
  ((await (await answer).json()) as { data: { submitOrder: { order: Placed } } }).data.submitOrder.order;

/** one Caffè Latte at 10003 through the menu and the checkout (the stored-value card pre-selected) */
async function orderLatte(page: Page): Promise<Placed> {
  await page.goto(`/menu/store-locator?storeNumber=${STORE}`);
  await page.getByRole('button', { name: 'Order here at 3rd & Pine 24 Hours' }).first().click();
  await expect(page).toHaveURL(/\/menu$/);
  await page.getByRole('link', { name: 'Hot Coffees' }).click();
  await page.getByRole('link', { name: /^Caffè Latte/ }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Caffè Latte' })).toBeVisible();
  await page.getByRole('button', { name: /^Add to order/ }).click();
  await expect(page.getByText('Added to your order.')).toBeVisible();
  await page.getByRole('link', { name: 'Review order' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review order' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const answer = submitted(page);
  await page.getByRole('dialog', { name: 'Payment summary' }).getByRole('button', { name: 'Place order' }).click();
  const order = await placedOrder(answer);
  await expect(page.getByRole('dialog', { name: 'Thanks for your order!' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  return order;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

test('a member finds the order on /account/history with its receipt, reorders from home in 3 taps; another member gets the not-found text', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  await newMember(page, request, 'history', true);
  const first = await orderLatte(page);
  expect(first.tender).toBe('SVC'); // the stored-value card was pre-selected (the third tap below relies on it)

  // the order on /account/history: one card, newest first
  await page.goto('/account/history');
  await expect(page).toHaveTitle(/Order history/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  const orders = page.getByRole('article');
  await expect(orders).toHaveCount(1);
  await expect(orders.first().locator('p').first()).toHaveText(/^3rd & Pine 24 Hours · In store · (Placed|Preparing)$/);
  await expect(orders.first().getByRole('listitem')).toHaveText([/^Caffè Latte, /]);
  await expect(orders.first()).toContainText(`${money(first.total)} · Harbor Card •••• `);
  await expect(orders.first()).toContainText(`+${first.starsEarned} Stars`);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // its receipt
  await orders.first().getByRole('link', { name: /^Receipt: / }).click();
  await expect(page).toHaveURL(/\/account\/history\/ord_[A-Za-z0-9]{10,40}$/);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  const receipt = page.getByRole('table', { name: 'Receipt' });
  await expect(receipt.getByRole('row', { name: /^1 × Caffè Latte, / })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /^Subtotal / })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /^Tax / })).toBeVisible();
  await expect(receipt.getByRole('row', { name: `Total ${money(first.total)}` })).toBeVisible();
  await expect(receipt.getByRole('row', { name: new RegExp(`^Paid with Harbor Card •••• \\d{4} \\${money(first.total)}$`) })).toBeVisible();
  await expect(page.getByText(`+${first.starsEarned} Stars`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reorder' })).toBeVisible();

  // reorder from the home page's last-order widget: every tap counted up to the placed order
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  await page.goto('/account/for-you');
  const widget = page.getByRole('region', { name: 'Your last order' });
  await expect(widget).toContainText('3rd & Pine 24 Hours');
  await tap(widget.getByRole('button', { name: 'Reorder' }));
  await expect(page).toHaveURL(/\/menu\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review order' })).toBeVisible();
  await tap(page.getByRole('button', { name: 'Continue to payment' }));
  const answer = submitted(page);
  await tap(page.getByRole('dialog', { name: 'Payment summary' }).getByRole('button', { name: 'Place order' }));
  const second = await placedOrder(answer);
  await expect(page.getByRole('dialog', { name: 'Thanks for your order!' })).toBeVisible();
  expect(taps).toBeLessThanOrEqual(3);
  expect(taps).toBe(3);
  expect(second.total).toBe(first.total);
  await page.getByRole('button', { name: 'Done' }).click();

  // the reorder is the newest of two
  await page.goto('/account/history');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').nth(1).getByRole('link', { name: /^Receipt: / })).toHaveAttribute('href', `/account/history/${orderId}`);

  // another member: the first member's order id is not theirs
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await newMember(otherPage, otherPage.request, 'history-other', false);
  await otherPage.goto(`/account/history/${orderId}`);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(otherPage.getByRole('alert')).toHaveText('We could not find that order.');
  await expect(otherPage.getByRole('table')).toHaveCount(0);
  await expect(otherPage.getByRole('button', { name: 'Reorder' })).toHaveCount(0);
  await otherPage.goto('/account/history');
  await expect(otherPage.getByText('No orders yet.')).toBeVisible();
  await other.close();
});
