/**
 * Issue 25 (open redirect): every route that takes a return URL (src/routes: returnUrl / returnPath; the list is
 * RETURN_URL_ROUTES in src/routes/return-url-routes.test.ts), given each off-site variant the audit found, and
 * then its action done in Chromium: the page lands on the route's same-origin fallback, and no request ever
 * leaves the origin (any would be recorded and aborted).
 */
import type { Page } from '@playwright/test';
import { apiPost, DEMO, expect, signInThroughForm, test, uniqueEmail } from './fixtures.ts';
import { PASSWORD } from './accounts.helpers.ts';
import { withoutMap } from './locator.helpers.ts';
import { fillBillingAddress, fillCard } from './payment.helpers.ts';

test.describe.configure({ timeout: 240_000 });

/** The variants of the audit: protocol-relative, absolute, backslashes, a tab after the slash, a leading space. */
const VARIANTS = ['//attacker.example', 'https://evil.example/x', '/\\evil.example/x', '\\\\evil.example', '/\t/evil.example', ' //attacker.example'];

const q = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

/** Records and aborts every request that leaves the page's origin; returns the list to assert on. */
async function guardOrigin(page: Page): Promise<{ offsite: string[]; origin: string }> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const offsite: string[] = [];
  await page.context().route(
    (url) => url.origin !== origin,
    (route) => {
      offsite.push(route.request().url());
      return route.abort();
    },
  );
  return { offsite, origin };
}

async function expectLanded(page: Page, guard: { offsite: string[]; origin: string }, path: string, variant: string) {
  await expect(page, `after ${JSON.stringify(variant)}`).toHaveURL(`${guard.origin}${path}`);
  expect(guard.offsite, `after ${JSON.stringify(variant)}`).toEqual([]);
}

/** the guest's card page filled and sent: back on the checkout's summary with the card ready */
async function sendGuestCard(page: Page) {
  await fillCard(page, 'Use this card');
  await expect(page.getByRole('main').getByText('Your card is ready for this order.', { exact: true })).toBeVisible();
}

const continueOnCardPage = (page: Page) => page.getByRole('link', { name: 'Continue', exact: true }).click();

test('guest payment: add billing address → card → Continue stays on the origin for every variant', async ({ page }) => {
  const guard = await guardOrigin(page);
  for (const variant of VARIANTS) {
    await page.goto(`/account/payment-method/add/billing-address?${q('returnUrl', variant)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add billing address' })).toBeVisible();
    await fillBillingAddress(page);
    await expect(page).toHaveURL(/\/account\/payment-method\/gift\/guest\/credit-card$/);
    await page.getByLabel('Card number').or(page.getByRole('link', { name: 'Continue', exact: true })).first().waitFor();
    if (await page.getByLabel('Card number').isVisible()) await sendGuestCard(page);
    await continueOnCardPage(page);
    await expectLanded(page, guard, '/', variant);
  }
});

test('guest payment: edit billing address → card page → Continue, and the card page itself, stay on the origin', async ({ page }) => {
  const guard = await guardOrigin(page);
  // a single-use address and card to edit and reuse
  await page.goto('/account/payment-method/add/billing-address');
  await fillBillingAddress(page);
  await sendGuestCard(page);
  for (const variant of VARIANTS) {
    await page.goto(`/account/payment-method/edit/billing-address?${q('returnUrl', variant)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit billing address' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/account\/payment-method\/gift\/guest\/credit-card$/);
    await continueOnCardPage(page);
    await expectLanded(page, guard, '/', variant);

    await page.goto(`/account/payment-method/gift/guest/credit-card?${q('returnUrl', variant)}`);
    await expect(page.getByRole('link', { name: 'Continue', exact: true })).toHaveAttribute('href', '/');
    await continueOnCardPage(page);
    await expectLanded(page, guard, '/', variant);
  }
});

test("the member's add-payment pages (list, billing address, card) carry no off-site return URL on their links", async ({ page }) => {
  const guard = await guardOrigin(page);
  await signInThroughForm(page, DEMO.member.email, DEMO.member.password, '/account/payment-method');
  await expect(page).toHaveURL(/\/account\/payment-method$/);
  for (const variant of VARIANTS) {
    await page.goto(`/account/payment-method?${q('returnUrl', variant)}`);
    await expect(page.getByRole('link', { name: 'Add a credit or debit card' }), variant).toHaveAttribute('href', '/account/payment-method/add/billing-address');
    await page.goto(`/account/payment-method/add/billing-address?${q('returnUrl', variant)}`);
    await expect(page.getByRole('link', { name: 'Back to payment methods' }), variant).toHaveAttribute('href', '/account/payment-method');
    await page.goto(`/account/payment-method/add/credit-card?${q('returnUrl', variant)}`);
    await expect(page.getByRole('link', { name: 'Back to payment methods' }), variant).toHaveAttribute('href', '/account/payment-method');
    await page.getByRole('link', { name: 'Back to payment methods' }).click();
    await expectLanded(page, guard, '/account/payment-method', variant);
  }
});

test('sign-in, sign-out and SSO land on their fallback for every variant', async ({ page }) => {
  const guard = await guardOrigin(page);
  for (const variant of VARIANTS) {
    await signInThroughForm(page, DEMO.member.email, DEMO.member.password, variant);
    await expectLanded(page, guard, '/account/for-you', variant);

    await page.goto(`/account/signout?${q('returnUrl', variant)}`);
    await expectLanded(page, guard, '/', variant);

    const minted = await apiPost(page.request, '/dev/sso-token', { email: DEMO.member.email });
    expect(minted.status).toBe(200);
    await page.goto(`/account/signin/sso/${(minted.json as { token: string }).token}?${q('returnUrl', variant)}`);
    await expectLanded(page, guard, '/account/for-you', variant);
    await page.context().clearCookies();
  }
});

test('account creation lands on its fallback for every variant', async ({ page }) => {
  const guard = await guardOrigin(page);
  for (const variant of VARIANTS) {
    await page.context().clearCookies();
    await page.goto(`/account/create?${q('returnUrl', variant)}`);
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('* First name', { exact: true }).fill('Ana');
    await form.getByLabel('* Last name', { exact: true }).fill('Tester');
    await form.getByLabel('* Email address', { exact: true }).fill(uniqueEmail('return-url'));
    await form.getByLabel('* Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('checkbox', { name: /^\* I agree to the .* Terms of Use/ }).check();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expectLanded(page, guard, '/account/for-you', variant);
  }
});

test('the store locators (standalone and in the menu): Order here lands on /menu for every variant of returnPath', async ({ page }) => {
  await withoutMap(page);
  const guard = await guardOrigin(page);
  for (const base of ['/store-locator', '/menu/store-locator']) {
    for (const variant of VARIANTS) {
      await page.goto(`${base}?storeNumber=10003&${q('returnPath', variant)}`);
      await page.getByRole('button', { name: 'Order here at 3rd & Pine 24 Hours' }).click();
      await expectLanded(page, guard, '/menu', `${base} ${variant}`);
    }
  }
});
