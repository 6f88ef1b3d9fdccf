/**
 * Issue 29 in Chromium with two browser contexts (docs/order-status.md 6): a barista signed in to the console of
 * 3rd & Pine 24 Hours (10003) sees a customer's new order arrive without a reload, starts it and marks it ready;
 * the customer's tracker at /menu/order/{orderId} moves to preparing and ready without a reload; the console has
 * zero axe violations at 1024×768 with an order on it; a customer opening /store/10003/orders sees the 403 text.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, signInThroughForm, test } from './fixtures.ts';
import { STORE, addLatte, newMember, submitted } from './ordering.helpers.ts';
import { axeViolations, horizontalOverflow } from './a11y.helpers.ts';

const BARISTA = 'barista.10003@example.com';

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
});
