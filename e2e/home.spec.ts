/**
 * The home page of issue 28 in Chromium against the built app and the real server (spec 3 section 2 "Home stream",
 * section 4 "Home stream" greeting and onboarding, section 9 greeting boundaries 12:00 and 17:00; docs/home.md 1, 2):
 * signed out (title, greeting prompt, rewards carousel, guest cards, the register-card dialog and its return URL);
 * the greeting by time of day with Playwright's clock and time zones; sign-in landing on /account/for-you; a new
 * member's stream (onboarding MOP completed by a real first mobile order, real Stars, bottom buttons, 'Scan in store'
 * opening #pay at 390 px); axe and horizontal overflow on /account/for-you (both states), /account/history and a receipt.
 * Each member is made here over the API and signed in through the form (its own cookie jar).
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { DEMO, expect, signInThroughForm, test, uniqueEmail, apiCreateAccount } from './fixtures.ts';
import { axeViolations, horizontalOverflow, pageReady, VIEWPORTS } from './a11y.helpers.ts';

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

const STORE = '10003'; // 3rd & Pine 24 Hours: always open (docs/ordering.md)
const PROMPT = 'Can we get something started for you?';

async function csrf(request: APIRequestContext) {
  await request.get('/apiproxy/v1/session');
  const state = await request.storageState();
  return { 'x-csrf-token': state.cookies.find((c) => c.name === 'csrf')?.value ?? '' };
}

/** a new member signed in through the form (landing on /account/for-you), optionally with a $25 digital card and a saved Visa */
async function newMember(page: Page, request: APIRequestContext, firstName: string, { card = false } = {}) {
  const email = uniqueEmail('home');
  const created = await apiCreateAccount(request, { firstName, lastName: 'Home', emailAddress: email, password: DEMO.regular.password, termsAndConditions: true });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  await signInThroughForm(page, email, DEMO.regular.password);
  await expect(page).toHaveURL(/\/account\/for-you$/, { timeout: 30_000 });
  if (card) {
    const r = page.request;
    const headers = await csrf(r);
    const token = await (await r.post('/apiproxy/v1/sandbox-processor/tokens', { data: { number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' }, headers })).json();
    const method = await (await r.post('/apiproxy/v1/account/payment-methods', { data: { token: token.token, makeDefault: true }, headers })).json();
    const added = await r.post('/apiproxy/v1/account/cards/add', { data: { digitalCard: true, makePrimary: true }, headers });
    expect(added.ok(), await added.text()).toBeTruthy();
    const { card: c } = await added.json();
    const reload = await r.post(`/apiproxy/v1/account/cards/${c.cardId}/reload`, { data: { amount: 2500, paymentMethodId: method.paymentMethod.paymentMethodId, idempotencyKey: `e2e-home-${Date.now()}` }, headers });
    expect(reload.ok(), await reload.text()).toBeTruthy();
  }
  return email;
}

/** one Caffè Latte at 10003 through the UI, paid with the stored-value card; resolves with the submit answer's order */
async function orderLatte(page: Page): Promise<{ total: number; tender: string; starsEarned: number }> {
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
  const submitted = page.waitForResponse((r) => r.url().includes('/apiproxy/v1/graphql') && (r.request().postData() ?? '').includes('SubmitOrder'));
  await page.getByRole('dialog', { name: 'Payment summary' }).getByRole('button', { name: 'Place order' }).click();
  const answer = (await (await submitted).json()) as { data: { submitOrder: { order: { total: number; tender: string; starsEarned: number } } } };
  await expect(page.getByRole('dialog', { name: 'Thanks for your order!' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  return answer.data.submitOrder.order;
}

/** the page rendered: zero axe violations and no horizontal scroll at 390 px (and at the desktop width) */
async function expectAccessible(page: Page, label: string) {
  for (const size of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(size);
    await pageReady(page);
    expect(await axeViolations(page), `${label} at ${size.width} px`).toEqual([]);
    expect(await horizontalOverflow(page), `${label} at ${size.width} px`).toEqual([]);
  }
}

const heading = (page: Page) => page.locator('#main h1');
const getStarted = (page: Page) => page.getByRole('navigation', { name: 'Get started' });

test('signed out: Home, the greeting with its prompt, the rewards carousel, the guest cards and the register-card dialog leading to sign-in with returnUrl=/account/cards/add', async ({ page, request, consoleErrors }) => {
  // 2027-01-21 is the one default-season day (docs/home.md 2.3): 'Good' + the period's emoji
  await page.clock.setFixedTime(new Date('2027-01-21T09:30:00-08:00'));
  await page.goto('/account/for-you');
  await pageReady(page);
  await expect(page).toHaveTitle(/^Home\b/);
  await expect(heading(page)).toHaveText('Good morning ☀️');
  await expect(page.locator('.for-you-greeting p')).toHaveText(PROMPT);
  await expect(page.getByText(PROMPT, { exact: true })).toBeVisible();
  // no member widgets
  await expect(page.getByRole('link', { name: 'View Rewards' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your last order' })).toHaveCount(0);

  // the rewards carousel: the five tiers, each linking to /rewards, with its previous/next buttons
  const carousel = page.getByRole('region', { name: 'Rewards you can get' });
  await expect(carousel).toBeVisible();
  await expect(carousel.getByRole('listitem')).toHaveCount(5);
  for (const stars of [25, 100, 200, 300, 400]) await expect(carousel.getByRole('link', { name: `${stars} Stars`, exact: true })).toHaveAttribute('href', '/rewards');
  await expect(carousel.getByRole('button', { name: 'Previous rewards' })).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Next rewards' })).toBeVisible();

  // the guest cards
  const guest = page.getByRole('region', { name: 'Get started' });
  await expect(guest.getByRole('heading', { level: 2, name: 'Order ahead' })).toBeVisible();
  await expect(guest.getByText('Choose a store, order from the menu and pick it up when it is ready.')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Start an order' })).toHaveAttribute('href', '/menu');
  await expect(guest.getByRole('heading', { level: 2, name: 'Register a card' })).toBeVisible();
  // the bottom buttons
  await expect(getStarted(page).getByRole('link', { name: 'Add Card' })).toHaveAttribute('href', '/account/cards/add');
  await expect(getStarted(page).getByRole('link', { name: 'Start an order' })).toHaveAttribute('href', '/menu');
  await expect(getStarted(page).getByRole('link', { name: 'Scan in store' })).toHaveCount(0);

  // the register-card dialog: sign in or create an account, both returning to /account/cards/add
  await guest.getByRole('button', { name: 'Register a card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register a card' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sign in or create an account to register a card.')).toBeVisible();
  const signIn = new URL((await dialog.getByRole('link', { name: 'Sign in' }).getAttribute('href'))!, 'http://x');
  const create = new URL((await dialog.getByRole('link', { name: 'Create an account' }).getAttribute('href'))!, 'http://x');
  expect([signIn.pathname, Object.fromEntries(signIn.searchParams)]).toEqual(['/account/signin', { returnUrl: '/account/cards/add' }]);
  expect([create.pathname, Object.fromEntries(create.searchParams)]).toEqual(['/account/create', { returnUrl: '/account/cards/add' }]);
  expect(await axeViolations(page), 'the register-card dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();

  // the dialog's 'Sign in' → the form → back to /account/cards/add (the return URL wins over /account/for-you)
  const email = uniqueEmail('home-guest');
  expect((await apiCreateAccount(request, { firstName: 'Gia', lastName: 'Home', emailAddress: email, password: DEMO.regular.password, termsAndConditions: true })).status).toBe(200);
  await page.clock.setFixedTime(Date.now());
  await guest.getByRole('button', { name: 'Register a card' }).click();
  await dialog.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Faccount%2Fcards%2Fadd$/);
  await page.getByLabel(/username or email/i).fill(email);
  await page.getByLabel(/^\W*password$/i).fill(DEMO.regular.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/account\/cards\/add$/, { timeout: 30_000 });
  expect(consoleErrors).toEqual([]);
});

test('signed out: zero axe violations and no horizontal scroll on /account/for-you', async ({ page }) => {
  await page.goto('/account/for-you');
  await expectAccessible(page, '/account/for-you signed out');
});

test('the greeting follows the time of day in the browser\'s time zone: morning before 12:00, afternoon from 12:00, evening from 17:00', async ({ page, request, browser }) => {
  await newMember(page, request, 'Tess');
  const cases: Array<[string, string]> = [
    ['2026-11-28T08:00:00-08:00', 'Merry morning, Tess'],
    ['2026-11-28T11:59:59-08:00', 'Merry morning, Tess'],
    ['2026-11-28T12:00:00-08:00', 'Merry afternoon, Tess'],
    ['2026-11-28T16:59:59-08:00', 'Merry afternoon, Tess'],
    ['2026-11-28T17:00:00-08:00', 'Merry evening, Tess'],
    ['2026-11-28T23:59:00-08:00', 'Merry evening, Tess'],
    // other seasons (docs/home.md 2.3)
    ['2027-01-21T12:00:00-08:00', 'Good afternoon, Tess 👋'],
    ['2027-01-21T17:00:00-08:00', 'Good evening, Tess 🌙'],
    ['2027-07-01T07:00:00-07:00', 'Sunny morning, Tess'],
  ];
  for (const [at, text] of cases) {
    await page.clock.setFixedTime(new Date(at));
    await page.goto('/account/for-you');
    await expect(heading(page), at).toHaveText(text);
  }
  // a member sees no prompt
  await expect(page.getByText(PROMPT, { exact: true })).toHaveCount(0);

  // the page's clock tick (every minute, and when the page becomes visible again) moves the greeting without a reload
  await page.clock.setFixedTime(new Date('2026-11-28T11:59:59-08:00'));
  await page.goto('/account/for-you');
  await expect(heading(page)).toHaveText('Merry morning, Tess');
  await page.clock.setFixedTime(new Date('2026-11-28T12:00:00-08:00'));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(heading(page)).toHaveText('Merry afternoon, Tess');
  await page.clock.setFixedTime(new Date('2026-11-28T17:00:00-08:00'));
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(heading(page)).toHaveText('Merry evening, Tess');

  // the same instant in Tokyo (21:00 there, 04:00 in Los Angeles)
  const instant = new Date('2026-11-28T12:00:00Z');
  await page.clock.setFixedTime(instant);
  await page.goto('/account/for-you');
  await expect(heading(page)).toHaveText('Merry morning, Tess');
  expect(await greetingIn(browser, 'Asia/Tokyo', instant)).toBe('Merry evening');
});

/** the signed-out heading in a fresh context of the given time zone at a fixed instant */
async function greetingIn(browser: Browser, timezoneId: string, at: Date) {
  const context = await browser.newContext({ timezoneId, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.clock.setFixedTime(at);
    await page.goto('/account/for-you');
    await pageReady(page);
    return (await heading(page).textContent())?.trim();
  } finally {
    await context.close();
  }
}

test('sign-in lands on /account/for-you unless a returnUrl says otherwise, and the header\'s greeting links to it', async ({ page, request }) => {
  const email = await newMember(page, request, 'Nell');
  const hi = page.getByRole('banner').getByRole('link', { name: 'Hi, Nell', exact: true });
  await expect(hi).toHaveAttribute('href', '/account/for-you');
  await page.goto('/menu');
  await hi.click();
  await expect(page).toHaveURL(/\/account\/for-you$/);
  await expect(heading(page)).toHaveText(/(morning|afternoon|evening), Nell/);

  await page.goto('/account/signout');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await signInThroughForm(page, email, DEMO.regular.password, '/account/history');
  await expect(page).toHaveURL(/\/account\/history$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
});

test('a new member\'s stream: onboarding MOP open, then completed by a real first mobile order and collapsed after 5 s; real Stars; bottom buttons; Scan in store opens #pay at 390 px; axe and overflow on home, history and the receipt', async ({ page, request }) => {
  await newMember(page, request, 'Mo', { card: true });
  await page.goto('/account/for-you');
  await pageReady(page);

  // before any order: 0 Stars, the MOP task open, no last-order widget; on a desktop no Purchase task (spec 5)
  const status = page.locator('.for-you-status');
  await expect(status.getByRole('heading', { level: 2 })).toHaveText('0 Stars');
  await expect(status.getByText('Green Status')).toBeVisible();
  await expect(status.getByRole('link', { name: 'View Rewards' })).toHaveAttribute('href', '/account/rewards');
  const onboarding = page.getByRole('region', { name: 'Get started with Harbor Rewards' });
  const mop = onboarding.locator('[data-task="MOP"]');
  await expect(mop).toHaveAttribute('data-state', 'open');
  await expect(mop.getByRole('heading', { name: 'Order ahead' })).toBeVisible();
  await expect(mop.getByText('Place your first mobile order and skip the line.')).toBeVisible();
  await expect(mop.getByRole('link', { name: 'Start an order' })).toHaveAttribute('href', '/menu');
  await expect(onboarding.locator('[data-task="Purchase"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Your last order' })).toHaveCount(0);
  await expect(getStarted(page).getByRole('link', { name: 'Add Card' })).toHaveAttribute('href', '/account/cards/add');
  await expect(getStarted(page).getByRole('link', { name: 'Start an order' })).toHaveAttribute('href', '/menu');

  // a real first mobile order
  const order = await orderLatte(page);
  expect(order.tender).toBe('SVC');
  expect(order.starsEarned).toBeGreaterThan(0);

  // back home: the real Stars, the MOP task done, marked seen after 5 s and collapsed
  const seen = page.waitForResponse((r) => r.url().includes('/apiproxy/v1/stream-items/onboarding/seen') && r.request().method() === 'PUT', { timeout: 30_000 });
  await page.goto('/account/for-you');
  await pageReady(page);
  await expect(status.getByRole('heading', { level: 2 })).toHaveText(`${order.starsEarned} ${order.starsEarned === 1 ? 'Star' : 'Stars'}`);
  await expect(mop).toHaveAttribute('data-state', 'done');
  await expect(mop.getByRole('heading', { name: 'First order placed' })).toBeVisible();
  await expect(mop.getByText('Nice work: your first mobile order is in, and it earned you Stars.')).toBeVisible();
  const seenAnswer = await seen;
  expect(seenAnswer.status()).toBe(200);
  expect(JSON.parse(seenAnswer.request().postData() ?? '{}')).toEqual({ tasks: ['MOP'] });
  await expect(mop).toHaveAttribute('data-state', 'collapsed');
  await expect(page.getByRole('heading', { level: 2, name: 'Your last order' })).toBeVisible();
  await expectAccessible(page, '/account/for-you signed in');
  // seen is the server's: after a reload the task stays collapsed
  await page.reload();
  await expect(mop).toHaveAttribute('data-state', 'collapsed');

  // at 390 px with a card: 'Scan in store' instead of 'Add Card', opening #pay on this page
  await page.setViewportSize(VIEWPORTS.phone);
  const scan = getStarted(page).getByRole('link', { name: 'Scan in store' });
  await expect(scan).toBeVisible();
  await expect(getStarted(page).getByRole('link', { name: 'Add Card' })).toHaveCount(0);
  // on a phone the Purchase task shows too (open: no in-store purchase yet)
  await expect(onboarding.locator('[data-task="Purchase"]')).toHaveAttribute('data-state', 'open');
  await scan.click();
  await expect(page).toHaveURL(/\/account\/for-you#pay$/);
  const pay = page.getByRole('dialog', { name: 'Scan to pay' });
  await expect(pay.getByRole('img', { name: /^Barcode for card •••• [0-9]{4}: / })).toBeVisible();
  expect(await axeViolations(page), '#pay on /account/for-you').toEqual([]);
  expect(await horizontalOverflow(page), '#pay on /account/for-you').toEqual([]);

  // order history and the order's receipt
  await page.goto('/account/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  await expect(page).toHaveTitle(/^Order history\b/);
  await expectAccessible(page, '/account/history');
  const receiptLink = page.locator('#main a[href^="/account/history/ord_"]').first();
  await receiptLink.click();
  await expect(page).toHaveURL(/\/account\/history\/ord_[A-Za-z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page).toHaveTitle(/^Receipt\b/);
  await expectAccessible(page, 'the receipt');
});
