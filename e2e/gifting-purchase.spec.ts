import type { Page } from '@playwright/test';
import { createMember } from './accounts.helpers.ts';
import { expect, outboxFor, signInThroughForm, test } from './fixtures.ts';

/**
 * The gift purchase against the real server (docs/gifting.md 5): a member with a stored card sends to two
 * recipients, sees the page poll through EPROMISERETRY ('Still sending your gift…': the e2e server runs with
 * GIFT_WORKER_DELAY_MS=2500 and GIFT_STATUS_DELAY_MS=300, playwright.config.ts) and lands on the confirmation
 * (footer hidden); then a duplicate recipient gets 170046's dialog and Got it returns to the recipients.
 */
async function addStoredCard(page: Page) {
  await page.goto('/account/payment-method');
  await page.getByRole('link', { name: 'Add a credit or debit card' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add billing address' })).toBeVisible();
  await page.getByLabel('First name').fill('Gift');
  await page.getByLabel('Last name').fill('Sender');
  await page.getByLabel('Address', { exact: true }).fill('1 Pike St');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State').selectOption('WA');
  await page.getByLabel('ZIP code').fill('98101');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/payment-method\/add\/credit-card\?billingAddressId=/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration month (MM)').fill('12');
  await page.getByLabel('Expiration year (YYYY)').fill('2030');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Add card' }).click();
  await expect(page).toHaveURL(/\/account\/payment-method$/);
}

async function recipient(page: Page, n: number, name: string, email: string) {
  const group = page.getByRole('group', { name: `Recipient ${n}` });
  await group.getByLabel('Recipient name').fill(name);
  await group.getByLabel('Recipient email').fill(email);
}

test('a member sends a gift to two recipients with a stored card, sees the polling and the confirmation; a duplicate recipient shows 170046', async ({ page, request }) => {
  test.setTimeout(90_000);
  const member = await createMember(request, 'Gina', 'gift');
  await signInThroughForm(page, member.email, member.password, '/account/payment-method');
  await expect(page).toHaveURL(/\/account\/payment-method$/);
  await addStoredCard(page);

  await page.goto('/gift/11000001');
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
  const dialog = page.getByRole('dialog', { name: 'Choose payment' });
  await expect(dialog.getByText('Double-check all recipient emails before buying')).toBeVisible();
  await expect(page).toHaveURL(/\/gift\/11000001#payment$/);
  const statuses: string[] = [];
  page.on('response', async (r) => {
    if (r.url().includes('/gift/gift-purchase-status')) statuses.push(String(((await r.json()) as { data: { context: { code: string | null } } }).data.context.code));
  });
  await dialog.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByText('Still sending your gift…')).toBeVisible();
  await expect(page).toHaveURL(/\/gift\/confirmation$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Your eGift is on its way' })).toBeVisible();
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
