import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * The billing-address page (`/account/payment-method/add|edit/billing-address`, member or guest) filled and sent:
 * first and last name, the first address line, city, state WA, ZIP 98101, then Continue. The second line and the
 * phone stay empty (spec 5: sent as null). Shared by the cards, return-URL, guest ordering and gifting e2e specs.
 */
export async function fillBillingAddress(page: Page, { firstName = 'Ana', lastName = 'Tester', addressLine1 = '1 Pike St' } = {}) {
  await expect(page.getByRole('heading', { level: 1, name: /billing address$/ })).toBeVisible();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('Address', { exact: true }).fill(addressLine1);
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State').selectOption('WA');
  await page.getByLabel('ZIP code').fill('98101');
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * The credit-card page (`/account/payment-method/add/credit-card` or the guest's `gift/guest/credit-card`) filled and
 * sent: the number (a 4242 Visa unless given; an Amex, 37…, gets a 4-digit code), 12/2030, then `submit` ('Add card'
 * for a member, 'Use this card' for a guest). Shared by the cards, return-URL, gifting and ordering e2e specs.
 */
export async function fillCard(page: Page, submit: 'Add card' | 'Use this card', number = '4242 4242 4242 4242') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration month (MM)').fill('12');
  await page.getByLabel('Expiration year (YYYY)').fill('2030');
  await page.getByLabel('Security code').fill(number.startsWith('37') ? '1234' : '123');
  await page.getByRole('button', { name: submit }).click();
}
