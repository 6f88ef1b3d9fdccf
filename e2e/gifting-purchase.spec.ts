import type { Page } from '@playwright/test';
import { createMember } from './accounts.helpers.ts';
import { expect, outboxFor, signInThroughForm, test } from './fixtures.ts';
import { fillBillingAddress, fillCard } from './payment.helpers.ts';

/**
 * The gift purchase against the real server (docs/gifting.md 5). A member with no payment method fills the form,
 * adds a card from the #payment modal (payment-method list → billing address → card, `returnUrl=/gift/{n}#payment`
 * all the way) and comes back to the modal with the form kept and the new card chosen; sends to two recipients, sees
 * the page poll through EPROMISERETRY ('Still sending your gift…': the e2e server runs with GIFT_WORKER_DELAY_MS=2500
 * and GIFT_STATUS_DELAY_MS=300, playwright.config.ts) and lands on the confirmation (footer hidden); then a duplicate
 * recipient gets 170046's dialog and Got it returns to the recipients. A guest switches the design with the keyboard,
 * pays with a single-use billing address and card, and comes back the same way. A product number that is not 8
 * digits goes back to /gift.
 */
async function recipient(page: Page, n: number, name: string, email: string) {
  const group = page.getByRole('group', { name: `Recipient ${n}` });
  await group.getByLabel('Recipient name').fill(name);
  await group.getByLabel('Recipient email').fill(email);
}

/** the codes of the purchase-status answers this page receives */
function watchStatuses(page: Page) {
  const statuses: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/gift/gift-purchase-status')) statuses.push(String(((await r.json()) as { data: { context: { code: string | null } } }).data.context.code));
  });
  return statuses;
}

test('a member adds a card from the payment modal and comes back to it, sends a gift to two recipients, sees the polling and the confirmation; a duplicate recipient shows 170046', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await createMember(request, 'Gina', 'gift');
  await signInThroughForm(page, member.email, member.password, '/gift/11000001');
  await expect(page.getByText('Step 1 of 3: Amount and message')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message (optional)' }).fill('Happy birthday!');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 3: Recipients')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue('Gina Tester');
  const a = `gift-a-${Date.now()}@example.com`;
  const b = `gift-b-${Date.now()}@example.com`;
  await recipient(page, 1, 'Ana', a);
  await page.getByRole('button', { name: 'Add a recipient' }).click();
  await recipient(page, 2, 'Ben', b);
  await expect(page.getByText('Total: $50.00 (2 × $25.00)')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // no method yet: add one and come back to #payment
  let dialog = page.getByRole('dialog', { name: 'Choose payment' });
  await expect(dialog.getByText('Double-check all recipient emails before buying')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Add a payment method');
  await dialog.getByRole('button', { name: 'Add a payment method' }).click();
  await expect(page).toHaveURL(/\/account\/payment-method\?returnUrl=%2Fgift%2F11000001%23payment$/);
  await page.getByRole('link', { name: 'Add a credit or debit card' }).click();
  await expect(page).toHaveURL(/\/account\/payment-method\/add\/billing-address\?returnUrl=%2Fgift%2F11000001%23payment$/);
  await fillBillingAddress(page, { firstName: 'Gina', lastName: 'Sender' });
  await expect(page).toHaveURL(/\/account\/payment-method\/add\/credit-card\?billingAddressId=[^&]+&returnUrl=%2Fgift%2F11000001%23payment$/);
  await fillCard(page, 'Add card');
  await expect(page).toHaveURL(/\/gift\/11000001#payment$/);
  dialog = page.getByRole('dialog', { name: 'Choose payment' });
  await expect(dialog.getByRole('radio', { name: 'VISA •••• 4242' })).toBeChecked();
  await expect(dialog.getByText('Total: $50.00')).toBeVisible();
  await expect(page.getByText('Step 3 of 3: Payment')).toBeVisible();

  const statuses = watchStatuses(page);
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText('Still sending your gift…')).toBeVisible();
  await expect(page).toHaveURL(/\/gift\/confirmation$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your eGift is on its way' })).toBeVisible();
  // the form kept across add-payment: the message and both recipients
  await expect(page.getByText('Happy birthday!')).toBeVisible();
  await expect(page.getByText('Ana (' + a + ')')).toBeVisible();
  await expect(page.getByText('Ben (' + b + ')')).toBeVisible();
  await expect(page.locator('footer')).toHaveCount(0);
  expect(statuses.length).toBeGreaterThanOrEqual(2);
  expect(statuses[0]).toBe('EPROMISERETRY');
  await expect.poll(async () => (await outboxFor(request, a, 'egift')).length).toBe(1);

  // the same email twice: 170046
  await page.goto('/gift/11000001');
  await page.getByRole('button', { name: 'Next' }).click();
  await recipient(page, 1, 'Ana', a);
  await page.getByRole('button', { name: 'Add a recipient' }).click();
  await recipient(page, 2, 'Ann', a.toUpperCase());
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Choose payment' }).getByRole('button', { name: 'Buy' }).click();
  const duplicate = page.getByRole('dialog', { name: 'Each recipient needs their own email' });
  await expect(duplicate.getByText('Two recipients have the same email address. Change one and buy again.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Choose payment' })).toHaveCount(0);
  await duplicate.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByText('Step 2 of 3: Recipients')).toBeVisible();
});

test('a guest switches the design, pays with a single-use billing address and card and comes back to #payment with the form kept; a product number that is not 8 digits goes back to /gift', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto('/gift/1234');
  await expect(page).toHaveURL(/\/gift$/);
  await expect(page.getByText('Could not find the card(s) you were looking for.')).toBeVisible();

  await page.goto('/gift/11000001');
  await expect(page.getByText('Step 1 of 2: Gift details')).toBeVisible();
  // the design switch, by keyboard
  await page.getByRole('radio', { name: 'Birthday eGift: balloons' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Birthday eGift: a layered cake with three candles' })).toBeChecked();
  await expect(page.getByRole('heading', { level: 1, name: 'Birthday eGift: a layered cake with three candles' })).toBeVisible();
  await page.getByRole('radio', { name: '$50.00' }).check();
  await page.getByRole('textbox', { name: 'Message (optional)' }).fill('Enjoy a cake on me');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Gus Guest');
  await page.getByRole('textbox', { name: 'Your email' }).fill(`gus-${Date.now()}@example.com`);
  const rita = `gift-guest-${Date.now()}@example.com`;
  await recipient(page, 1, 'Rita', rita);
  await page.getByRole('button', { name: 'Next' }).click();

  const dialog = page.getByRole('dialog', { name: 'Choose payment' });
  await expect(dialog.getByText('Total: $50.00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a card' }).click();
  await expect(page).toHaveURL(/\/account\/payment-method\/add\/billing-address\?returnUrl=%2Fgift%2F11000002%23payment$/);
  const addressSent = page.waitForRequest((r) => r.method() === 'POST' && (r.postData() ?? '').includes('addSingleUseBillingAddress'));
  await fillBillingAddress(page, { firstName: 'Gus', lastName: 'Guest' });
  // spec 5: the empty second line (and phone) are sent as null
  const variables = ((await addressSent).postDataJSON() as { variables: { walletTarget: string; input: Record<string, unknown> } }).variables;
  expect(variables.walletTarget).toBe('guest');
  expect(variables.input).toMatchObject({ firstName: 'Gus', lastName: 'Guest', addressLine1: '1 Pike St', addressLine2: null, phoneNumber: null, postalCode: '98101' });
  await expect(page).toHaveURL(/\/account\/payment-method\/gift\/guest\/credit-card\?returnUrl=%2Fgift%2F11000002%23payment$/);
  await fillCard(page, 'Use this card');
  await expect(page.getByRole('main').getByText('Your card is ready for this order.', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Continue', exact: true }).click();

  // back on the gift, the modal open with the single-use card, the form kept
  await expect(page).toHaveURL(/\/gift\/11000002#payment$/);
  const back = page.getByRole('dialog', { name: 'Choose payment' });
  await expect(back.getByText('VISA •••• 4242 — Gus Guest, 98101')).toBeVisible();
  await expect(back.getByText('Total: $50.00')).toBeVisible();
  const statuses = watchStatuses(page);
  await back.getByRole('button', { name: 'Buy' }).click();
  await expect(page).toHaveURL(/\/gift\/confirmation$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your eGift is on its way' })).toBeVisible();
  await expect(page.getByText('Enjoy a cake on me')).toBeVisible();
  await expect(page.getByText('Rita (' + rita + ')')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Birthday eGift: a layered cake with three candles' })).toBeVisible();
  expect(statuses.length).toBeGreaterThanOrEqual(1);
  await expect.poll(async () => (await outboxFor(request, rita, 'egift')).length).toBe(1);
});
