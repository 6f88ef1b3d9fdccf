/**
 * The home page of issue 28 in Chromium against the built app and the real server (spec 3 section 2 "Home stream",
 * section 4 "Home stream" greeting and onboarding, section 9 greeting boundaries 12:00 and 17:00; docs/home.md 1, 2):
 * signed out (title, greeting prompt, rewards carousel, guest cards, the register-card dialog and its return URL);
 * the greeting by time of day with Playwright's clock and time zones; sign-in landing on /account/for-you; a new
 * member's stream (onboarding MOP completed by a real first mobile order, real Stars, bottom buttons, 'Scan in store'
 * opening #pay at 390 px); axe and horizontal overflow on /account/for-you (both states), /account/history and a receipt.
 * Each member is made over the API and signed in through the form (its own cookie jar; e2e/ordering.helpers.ts).
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { DEMO, apiCreateAccount, expect, signInThroughForm, test, uniqueEmail } from './fixtures.ts';
import { axeViolations, horizontalOverflow, pageReady, VIEWPORTS } from './a11y.helpers.ts';
import { addLatte, grantStars, newMember, orderLatte } from './ordering.helpers.ts';
import { startSecondServer } from './second-server.ts';

test.describe.configure({ mode: 'parallel', timeout: 180_000 });

const PROMPT = 'Can we get something started for you?';

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
  await newMember(page, request, { firstName: 'Tess', prefix: 'home' });
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
  const email = await newMember(page, request, { firstName: 'Nell', prefix: 'home' });
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

test('a new member\'s stream: onboarding MOP open, then completed by a real first mobile order, collapsed after 5 s and dropped 2 days after; real Stars; bottom buttons; Scan in store opens #pay at 390 px; axe and overflow on home, history and the receipt', async ({ page, request }) => {
  await newMember(page, request, { firstName: 'Mo', prefix: 'home', card: true });
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

  // a completed task shows for 2 days after its completion (spec 3 section 9), then drops: the browser's clock set
  // 1 minute inside and 1 minute past the two days (the filter reads the browser's time)
  const completedAt = Date.now();
  for (const [offset, shown] of [[2 * 24 * 3600_000 - 60_000, 1], [2 * 24 * 3600_000 + 60_000, 0]] as const) {
    await page.clock.setFixedTime(new Date(completedAt + offset));
    await page.goto('/account/for-you');
    await pageReady(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Your last order' })).toBeVisible();
    await expect(page.locator('[data-task="MOP"]'), `MOP ${offset} ms after completion`).toHaveCount(shown);
  }
});

test('a coupon card\'s Redeem opens the cart with that offer ticked and priced; an unknown offer opens the cart without one', async ({ page, request }) => {
  await newMember(page, request, { firstName: 'Cora', prefix: 'home' });
  // a new US member's REWARD offers are Available coupons (docs/rewards.md 3.8): WELCOME50 and BIRTHDAY
  await addLatte(page);
  const coupons = page.locator('.stream-card--coupon');
  await loadStream(page, coupons, 2);
  const welcome = coupons.filter({ hasText: 'Code WELCOME50' });
  await expect(welcome.getByRole('heading', { level: 3 })).toHaveText('A Reward is ready for you');
  await expect(welcome.getByText(/^Use it by [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/)).toBeVisible();
  await expect(coupons.filter({ hasText: 'Code BIRTHDAY' }).getByRole('link', { name: 'Redeem' })).toHaveAttribute('href', '/menu/cart?offer=BIRTHDAY');
  await welcome.getByRole('link', { name: 'Redeem' }).click();
  await expect(page).toHaveURL(/\/menu\/cart\?offer=WELCOME50$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review order' })).toBeVisible();
  const rewards = page.getByRole('group', { name: 'Rewards' });
  await expect(rewards.getByRole('checkbox', { name: 'Welcome: 50% off one drink' })).toBeChecked();
  await expect(rewards.getByRole('checkbox', { name: 'Birthday reward: one free drink' })).not.toBeChecked();
  const summary = page.getByRole('region', { name: 'Order total' });
  await expect(summary.locator('.summary-line--discount dt')).toHaveText('Rewards and offers');
  await expect(summary.locator('.summary-line--discount dd')).toHaveText(/^-\$\d+\.\d{2}$|^−\$\d+\.\d{2}$|^\(\$\d+\.\d{2}\)$/);

  // a code the member has no such offer for, and one that is no offer code: the cart, nothing ticked, no error
  for (const url of ['/menu/cart?offer=FOUNDERS', '/menu/cart?offer=%3Cnope%3E']) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Review order' })).toBeVisible();
    await expect(rewards.getByRole('checkbox', { name: 'Welcome: 50% off one drink' })).not.toBeChecked();
    await expect(rewards.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await expect(summary.locator('.summary-line--discount')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  }
});

/**
 * Opens the home page until the stream shows `count` of `cards`. The server drops a stream source that takes over
 * STREAM_SOURCE_TIMEOUT_MS (1 s) and answers 206 without it (docs/home.md): on a loaded CI machine a first load may
 * miss a source, as a member's would; a reload asks again. The cards' content is then asserted once, strictly.
 */
async function loadStream(page: Page, cards: Locator, count: number) {
  await expect(async () => {
    await page.goto('/account/for-you');
    await expect(cards).toHaveCount(count, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/** an instant in the first days of the month six months back: its Stars expire on the 1st of next month (contracts/rewards.ts expiresAt) */
function earnedForExpiryNextMonth(now = new Date()) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 6, 2, 12));
}
const utcDate = (d: Date) => d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('Stars expiring soon: the expiry card with Order under 25 Stars in all, the Add funds reload control from 25', async ({ page, request }) => {
  const email = await newMember(page, request, { firstName: 'Ezra', prefix: 'home' });
  const earned = earnedForExpiryNextMonth();
  const expires = new Date(Date.UTC(earned.getUTCFullYear(), earned.getUTCMonth() + 7, 1));
  expect(await grantStars(page, email, 10, earned)).toBe(10);
  const card = page.locator('.stream-card--rewardPointsExpiration');
  await loadStream(page, card, 1);
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('10 Stars are expiring soon');
  await expect(card.getByText(`They expire on ${utcDate(expires)}. You have 10 Stars in all.`)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Order' })).toHaveAttribute('href', '/menu');
  await expect(card.getByRole('link', { name: 'Add funds' })).toHaveCount(0);

  // 15 more Stars earned today: 25 in all, the same 10 expiring; the reload control instead of Order
  expect(await grantStars(page, email, 15)).toBe(25);
  await loadStream(page, card.filter({ hasText: 'You have 25 Stars in all.' }), 1);
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('10 Stars are expiring soon');
  await expect(card.getByText(`They expire on ${utcDate(expires)}. You have 25 Stars in all.`)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Add funds' })).toHaveAttribute('href', '/account/cards#add-money');
  await expect(card.getByRole('link', { name: 'Order' })).toHaveCount(0);
  await card.getByRole('link', { name: 'Add funds' }).click();
  await expect(page).toHaveURL(/\/account\/cards#add-money$/);
});

test('the guest stream flag off (the e2e server\'s default, ENABLE_UNAUTH_STREAM unset): a signed-out visitor gets no stream and no request for it', async ({ page }) => {
  // the flag is read once at server start (server/config.ts homeConfig); 'on' is the next test, on a second server
  // (docs/home.md 2.1)
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/stream-items')) asked.push(r.url());
  });
  const config = page.waitForResponse((r) => r.url().endsWith('/apiproxy/v1/config'));
  await page.goto('/account/for-you');
  await pageReady(page);
  expect(((await (await config).json()) as { home: { unauthStreamEnabled: boolean } }).home.unauthStreamEnabled).toBe(false);
  await expect(page.getByText(PROMPT, { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rewards you can get' })).toBeVisible();
  await expect(page.locator('.home-stream')).toHaveCount(0);
  await expect(page.getByRole('progressbar', { name: 'Loading your stream' })).toHaveCount(0);
  expect(asked).toEqual([]);
  // and the server refuses the guest stream while the flag is off
  expect((await page.request.get('/apiproxy/v1/unauth/stream-items?locale=en-US')).status()).toBe(404);
});

test('the guest stream flag on (a second server started with ENABLE_UNAUTH_STREAM=true): a signed-out visitor gets the guest stream from /unauth/stream-items, Link calls to action only', async ({ browser }) => {
  test.setTimeout(300_000);
  // a second server with the flag on (read once at start), on the suite's database: e2e/second-server.ts
  const server = await startSecondServer('flag-on', { ENABLE_UNAUTH_STREAM: 'true' }, 'E2E_FLAG_ON_PORT');
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US', timezoneId: 'America/Los_Angeles' });
  try {
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/stream-items')) asked.push(new URL(r.url()).pathname);
    });
    const config = page.waitForResponse((r) => r.url().endsWith('/apiproxy/v1/config'));
    const answer = page.waitForResponse((r) => r.url().includes('/apiproxy/v1/unauth/stream-items'));
    await page.goto('/account/for-you');
    expect(((await (await config).json()) as { home: { unauthStreamEnabled: boolean } }).home.unauthStreamEnabled).toBe(true);
    const stream = await answer;
    expect(stream.status()).toBe(200);
    expect(new URL(stream.url()).searchParams.get('locale')).toBe('en-US');
    await expect(page).toHaveTitle(/^Home/);
    await expect(page.getByText(PROMPT, { exact: true })).toBeVisible();
    // the seeded guest items (server/db/seed/stream.ts) in rank order, under the stream's heading
    const section = page.getByRole('region', { name: 'For you' });
    await expect(section.getByRole('article')).toHaveCount(3);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(['Order ahead, skip the line', 'Join Harbor Rewards', 'What your Stars can get you']);
    const orderAhead = section.getByRole('article', { name: 'Order ahead, skip the line' });
    await expect(orderAhead.getByText('Choose a store, order on the web and pick it up when it is ready.')).toBeVisible();
    await expect(orderAhead.getByRole('link', { name: 'Start an order' })).toHaveAttribute('href', '/menu');
    // a 'Deeplink' call to action is off for guests (spec 3 section 5): the card shows without its button
    const join = section.getByRole('article', { name: 'Join Harbor Rewards' });
    await expect(join.getByText('Earn Stars on every purchase and redeem them for free drinks and food.')).toBeVisible();
    await expect(join.getByRole('link')).toHaveCount(0);
    await expect(section.getByRole('article', { name: 'What your Stars can get you' }).getByRole('listitem')).toHaveCount(3);
    // a guest never asks for the member's stream
    expect(asked.every((p) => p === '/apiproxy/v1/unauth/stream-items')).toBe(true);
    expect(asked.length).toBeGreaterThan(0);
    await expectAccessible(page, 'the guest stream');
  } finally {
    await context.close();
    await server.stop();
  }
});
