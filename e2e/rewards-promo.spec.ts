/**
 * Promo redemption and bonus opt-in in the browser (docs/rewards.md 5, issue 27): a signed-out visitor on a campaign
 * link signs in on the 'promo' variant and comes back, the link redeems once ('Success!'), a second time (either
 * link of the campaign) it is refused; a bonus offer's link enrols the member and shows its result page, and the next
 * order's Stars include the bonus. Orders are placed over the API with the page's own session (the checkout pages
 * are e2e/ordering.spec.ts).
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { csrfHeaders, test } from './fixtures.ts';
import { createMember, expect, submitSignIn, type Member } from './accounts.helpers.ts';

const LATTE_SKU = '2015-hot-grande'; // Caffè Latte, hot, grande (server/db/seed/menu.ts skuOf)
const STORE = '10003'; // the seeded all-day Seattle store

async function newMember(baseURL: string, name: string): Promise<Member> {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  try {
    return await createMember(api, name, 'promo');
  } finally {
    await api.dispose();
  }
}

async function signIn(page: Page, m: Member) {
  await page.goto('/account/signin');
  await submitSignIn(page, m.email, m.password);
  await expect(page).not.toHaveURL(/\/account\/signin/);
}

/** a digital stored-value card with $25 for the signed-in member (reloaded from a saved sandbox card) */
async function fundedCard(page: Page): Promise<string> {
  const headers = await csrfHeaders(page.request);
  const token = await (await page.request.post('/apiproxy/v1/sandbox-processor/tokens', { data: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' }, headers })).json();
  const method = await (await page.request.post('/apiproxy/v1/account/payment-methods', { data: { token: token.token, makeDefault: true }, headers })).json();
  const card = (await (await page.request.post('/apiproxy/v1/account/cards/add', { data: { digitalCard: true, makePrimary: true }, headers })).json()).card;
  const reload = await page.request.post(`/apiproxy/v1/account/cards/${card.cardId}/reload`, { data: { amount: 2500, paymentMethodId: method.paymentMethod.paymentMethodId, idempotencyKey: `e2e-promo-${Date.now()}` }, headers });
  expect(reload.ok()).toBeTruthy();
  return card.cardId as string;
}

async function gql(page: Page, query: string, input: unknown) {
  const res = await page.request.post('/apiproxy/v1/graphql', { data: { query, variables: { input } }, headers: await csrfHeaders(page.request) });
  const json = await res.json();
  expect(json.errors, JSON.stringify(json.errors)).toBeUndefined();
  return json.data;
}

/** one latte paid with the card: answers the order's total and the Stars it earned */
async function orderLatte(page: Page, cardId: string): Promise<{ total: number; starsEarned: number }> {
  const priced = await gql(page, 'mutation PriceOrder($input: PriceOrderInput!) { priceOrder(input: $input) { orderId summary { price } } }', {
    storeNumber: STORE,
    order: { cart: { items: [{ commerce: { sku: LATTE_SKU }, quantity: 1, childItems: [] }], offers: [] }, fulfillment: { consumptionType: 'ConsumeOutOfStore', collectionType: '16' } },
  });
  const { orderId, summary } = priced.priceOrder as { orderId: string; summary: { price: number } };
  const placed = await gql(page, 'mutation SubmitOrder($input: SubmitOrderInput!) { submitOrder(input: $input) { order { total starsEarned } } }', {
    orderId,
    storeNumber: STORE,
    tenders: [{ tender: 'SVC', id: cardId, amount: summary.price }],
    tipAmount: 0,
    idempotencyKey: `e2e-promo-${orderId}`,
  });
  return placed.submitOrder.order as { total: number; starsEarned: number };
}

test('promo: signed out → sign in (promo variant) and back, Success! once, refused the second time on either link', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const member = await newMember(baseURL!, 'Pia');
  await page.goto('/rewards/promo/redeem?matchId=spring-latte-01');
  await expect(page).toHaveURL(/\/account\/signin\?.*variant=promo/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to redeem this offer' })).toBeVisible();
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/rewards\/promo\/redeem\?matchId=spring-latte-01$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Success!' })).toBeVisible();
  await expect(page.getByText('Your Reward may take up to 24 hours to show.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', '/menu');
  await expect(page).toHaveTitle('Redeem offer | Harbor Coffee');

  for (const matchId of ['spring-latte-01', 'spring-latte-02']) {
    await page.goto(`/rewards/promo/redeem?matchId=${matchId}`);
    await expect(page.getByRole('alert')).toHaveText('Looks like this offer can no longer be redeemed.');
    await expect(page.getByText('Success!')).toHaveCount(0);
  }
  await page.goto('/rewards/promo/redeem');
  await expect(page.getByRole('alert')).toHaveText('Looks like this offer could not be validated. Please try again.');
  await page.goto('/rewards/promo/redeem?matchId=pastry-ca');
  await expect(page.getByRole('alert')).toHaveText("Looks like you're not eligible for this offer.");
  await page.goto('/rewards/promo/redeem?matchId=future-link');
  await expect(page.getByRole('alert')).toHaveText('Looks like you tried to redeem this offer too soon. Try again later.');
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('opt-in: DOUBLE3 → You’re in!, the next order earns double Stars; again → already chose; SPRING24 expired; any other result path → the error page', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const member = await newMember(baseURL!, 'Omar');
  await signIn(page, member);
  await page.goto('/rewards/bonus/DOUBLE3');
  await expect(page).toHaveURL(/\/rewards\/promo\/opt-in\/success$/);
  await expect(page.getByRole('heading', { level: 1, name: "You're in!" })).toBeVisible();
  await expect(page.getByText('Your bonus is ready: earn it on your next orders.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', '/menu');
  await expect(page.getByText('This offer is exclusive to your account and cannot be transferred.')).toBeVisible();
  await expect(page).toHaveTitle("You're in! | Harbor Coffee");

  const cardId = await fundedCard(page);
  const order = await orderLatte(page, cardId);
  const base = Math.floor(order.total / 100) * 2; // stored-value card: 2 Stars per $1
  expect(base).toBeGreaterThan(0);
  expect(order.starsEarned).toBe(2 * base);

  await page.goto('/rewards/bonus/DOUBLE3');
  await expect(page).toHaveURL(/\/rewards\/promo\/opt-in\/active-choice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You already chose this offer' })).toBeVisible();
  await page.goto('/rewards/bonus/SPRING24');
  await expect(page).toHaveURL(/\/rewards\/promo\/opt-in\/expired$/);
  await expect(page.getByText('This offer expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order now' })).toHaveCount(0);
  await page.goto('/rewards/promo/opt-in/bogus');
  await expect(page.getByRole('heading', { level: 1, name: 'Uh oh!' })).toBeVisible();
  await expect(page.getByText("We're working on this issue, so please try again soon. For immediate help, please visit our customer service page.")).toBeVisible();
});
