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
