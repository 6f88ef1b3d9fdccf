/**
 * Issue 29 in Chromium with two browser contexts (docs/order-status.md 6): a barista signed in to the console of
 * 3rd & Pine 24 Hours (10003) sees a customer's new order arrive without a reload, starts it and marks it ready;
 * the customer's tracker at /menu/order/{orderId} moves to preparing and ready without a reload; the console has
 * zero axe violations at 1024×768 with an order on it; a customer opening /store/10003/orders sees the 403 text.
 * Curbside at SoDo 1st Ave S (10006): the tracker's "I'm here" checks in THAT order (by orderId, the member's
 * session; this browser's last order is another one), the page names the store, and the open console shows the
 * arrival on that order's card without a reload.
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEMO, csrfHeaders, expect, signInThroughForm, test } from './fixtures.ts';
import { STORE, addLatte, addStoredValueCard, newMember, submitted } from './ordering.helpers.ts';
import { OrderingOperations, type OrderingOperationName } from '../contracts/ordering.ts';
import { fullSelectionFromSdl } from '../server/graphql/full-selection.ts';
import { axeViolations, horizontalOverflow } from './a11y.helpers.ts';
import { startSecondServer } from './second-server.ts';

const BARISTA = 'barista.10003@example.com';
const CURBSIDE = '10006';
const CURBSIDE_NAME = 'SoDo 1st Ave S';
/** a Monday (no holiday) at 10:00 Seattle time: 10006 open (05:00–21:00), curbside offered */
const CURBSIDE_OPEN_AT = '2026-11-23T18:00:00Z';

const fullDocument = fullSelectionFromSdl(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function gql(request: APIRequestContext, name: OrderingOperationName, input: unknown): Promise<any> {
  const res = await request.post('/apiproxy/v1/graphql', { data: { query: fullDocument(OrderingOperations[name]), variables: { input } }, headers: await csrfHeaders(request) });
  const json = await res.json();
  expect(json.errors, JSON.stringify(json.errors)).toBeUndefined();
  return json.data[Object.keys(json.data)[0]!];
}

/** one Caffè Latte for curbside at 10006, priced and placed through the API, paid with the stored-value card */
async function placeCurbside(request: APIRequestContext, cardId: string): Promise<{ orderId: string; orderToken: string; total: number }> {
  const items = [{ commerce: { sku: '2015-hot-grande' }, quantity: 1, childItems: [] }];
  const priced = await gql(request, 'price-order', { storeNumber: CURBSIDE, order: { cart: { items, offers: [] }, fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: 'CX' } } });
  const placed = await gql(request, 'submit-order', { orderId: priced.orderId, storeNumber: CURBSIDE, tenders: [{ tender: 'SVC', id: cardId, amount: priced.summary.price }], tipAmount: 0, idempotencyKey: `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` });
  return { orderId: priced.orderId, orderToken: placed.order.orderToken, total: priced.summary.price };
}

/** one Caffè Latte at 10003 paid with the member's stored-value card; resolves with the order id */
async function placeLatte(page: Page): Promise<string> {
  await addLatte(page);
  await page.getByRole('link', { name: 'Review order' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review order' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const answer = submitted(page);
  await page.getByRole('dialog', { name: 'Payment summary' }).getByRole('button', { name: 'Place order' }).click();
  const json = (await (await answer).json()) as { data: { submitOrder: { order: { orderId: string } } } };
  await expect(page.getByRole('dialog', { name: 'Thanks for your order!' })).toBeVisible();
  return json.data.submitOrder.order.orderId;
}

test.describe('order status: the barista console and the live tracker', () => {
  test.setTimeout(180_000);

  test('a customer places an order; the barista sees it arrive, starts it and readies it; the tracker moves without a reload', async ({ browser, page, request }) => {
    // the barista, on a tablet in landscape, with the console open before the order exists
    const staff = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const barista = await staff.newPage();
    await signInThroughForm(barista, BARISTA, DEMO.regular.password, `/store/${STORE}/orders`);
    await expect(barista).toHaveURL(new RegExp(`/store/${STORE}/orders$`), { timeout: 30_000 });
    await expect(barista).toHaveTitle(/^Store orders/);
    await expect(barista.getByRole('tab', { name: 'Queue' })).toHaveAttribute('aria-selected', 'true');

    // the customer places an order and opens its tracker
    await newMember(page, request, { firstName: 'Tamsin', prefix: 'status', card: true });
    const orderId = await placeLatte(page);
    const short = orderId.slice(-6);
    await page.goto(`/menu/order/${orderId}`);
    await expect(page.getByRole('heading', { level: 1, name: "We've got your order" })).toBeVisible();

    // the new order reaches the open console (no reload), with its item
    const card = barista.getByRole('article', { name: `#${short} Tamsin` });
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(barista.getByRole('region', { name: /^New \(/ }).getByRole('article', { name: `#${short} Tamsin` })).toBeVisible();
    await expect(card.getByText(/1 × Caffè Latte/)).toBeVisible();

    // axe on the console with an order on it, in landscape; no horizontal scroll
    expect(await axeViolations(barista)).toEqual([]);
    expect(await horizontalOverflow(barista)).toEqual([]);

    // Start (by keyboard): the card moves to Preparing; the customer's tracker follows without a reload
    await card.getByRole('button', { name: `Start #${short} Tamsin` }).focus();
    await barista.keyboard.press('Enter');
    await expect(barista.getByRole('region', { name: /^Preparing \(/ }).getByRole('article', { name: `#${short} Tamsin` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: "We're making your order" })).toBeVisible({ timeout: 20_000 });

    // Ready: the card moves to Ready; the tracker says so
    await barista.getByRole('button', { name: `Ready #${short} Tamsin` }).click();
    await expect(barista.getByRole('region', { name: /^Ready \(/ }).getByRole('article', { name: `#${short} Tamsin` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your order is ready' })).toBeVisible({ timeout: 20_000 });

    // the customer is not staff: the console answers the 403 text
    await page.goto(`/store/${STORE}/orders`);
    await expect(page.getByText('This console is for the staff of this store.')).toBeVisible();
    await expect(page).toHaveTitle(/^Store orders/);
    expect(await axeViolations(page)).toEqual([]);
    await staff.close();
  });

  test("another store's barista sees the 403 text", async ({ page }) => {
    await signInThroughForm(page, 'barista.10001@example.com', DEMO.regular.password, `/store/${STORE}/orders`);
    await expect(page.getByText('This console is for the staff of this store.')).toBeVisible({ timeout: 30_000 });
  });

  // 10006 is open 05:00–21:00 Seattle time only (server/db/seed/seattle.ts), and the SERVER decides open status and
  // whether curbside is offered: this test runs against a second server whose clock is pinned (FAKE_NOW,
  // server/clock.ts) to Monday 2026-11-23 10:00 Seattle (18:00Z, no holiday), so it runs at any hour of the day
  test("curbside: the tracker's I'm here checks in that order by its id (not this browser's last order), names the store; the console shows the arrival", async ({ browser }) => {
    test.setTimeout(300_000);
    const server = await startSecondServer('fake-now', { FAKE_NOW: CURBSIDE_OPEN_AT }, 'E2E_FAKE_NOW_PORT');
    const staff = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 768 }, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
    const customer = await browser.newContext({ baseURL: server.url, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
    try {
      await curbside(staff, customer);
    } finally {
      await staff.close();
      await customer.close();
      await server.stop();
    }
  });
});

/** the curbside test's steps, on the contexts of the pinned-clock server */
async function curbside(staff: BrowserContext, customer: BrowserContext) {
  const page = await customer.newPage();
  const request = customer.request;
  const { store } = await (await request.get(`/apiproxy/v1/stores/${CURBSIDE}`)).json();
  // the pinned clock puts the store inside its hours: closed here means FAKE_NOW did not reach the server
  expect(store.open, `${CURBSIDE_NAME} open at ${CURBSIDE_OPEN_AT}`).toBe(true);
  const barista = await staff.newPage();
  await signInThroughForm(barista, `barista.${CURBSIDE}@example.com`, DEMO.regular.password, `/store/${CURBSIDE}/orders`);
  await expect(barista).toHaveURL(new RegExp(`/store/${CURBSIDE}/orders$`), { timeout: 30_000 });

  await newMember(page, request, { firstName: 'Wren', prefix: 'curbside' });
  const { cardId } = await addStoredValueCard(page);
  const first = await placeCurbside(page.request, cardId);
  const second = await placeCurbside(page.request, cardId);
  // this browser's last order is the second one (with its token): the check-in from the first one's tracker must
  // name the first (before: the check-in fell on the last order of the device)
  await page.evaluate(
    ([o, name]) => localStorage.setItem('harbor.lastOrder.v1', JSON.stringify({ orderId: o.orderId, orderToken: o.orderToken, storeNumber: '10006', storeName: name, placedAt: new Date().toISOString(), total: o.total, pickupOption: 'CX' })),
    [second, CURBSIDE_NAME] as const,
  );
  await page.goto(`/menu/order/${first.orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: "We've got your order" })).toBeVisible();
  await expect(page.getByRole('link', { name: "I'm here" })).toHaveCount(0);

  // the barista readies the first order (placed → ready at once): the tracker offers the check-in
  const short = first.orderId.slice(-6);
  const card = barista.getByRole('article', { name: `#${short} Wren` });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: `Start #${short} Wren` }).click();
  await barista.getByRole('button', { name: `Ready #${short} Wren` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is ready' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: "I'm here" }).click();
  await expect(page).toHaveURL(new RegExp(`/pickup/curbside\\?.*orderId=${first.orderId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Curbside check-in' })).toBeVisible();
  await expect(page.getByText(`Checking in at ${CURBSIDE_NAME}`)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('radio', { name: '3', exact: true }).check();
  await page.getByRole('button', { name: "I'm here" }).click();
  await expect(page).toHaveURL(/\/pickup\/curbside\/success$/);

  // the open console shows the arrival on the first order's card, no reload; the second has none
  await expect(card.getByText('Arrived · stall 3')).toBeVisible({ timeout: 20_000 });
  await expect(barista.getByRole('article', { name: `#${second.orderId.slice(-6)} Wren` }).getByText(/Arrived/)).toHaveCount(0);
  expect((await gql(page.request, 'get-order', { orderId: second.orderId })).order.arrival).toBeNull();
}
