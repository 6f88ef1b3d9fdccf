/**
 * Order history in Chromium (issue 28 "Order history", "Reorder from home"; docs/home.md 1, 2.4, 2.5, 3.5): a new
 * member with a stored-value card places an order, finds it on /account/history and opens its receipt, then reorders
 * it from the home page's last-order widget and counts the taps to a placed order (at most 3: Reorder, Continue to
 * payment, Place order); another member opening the first member's order id is told 'We could not find that order.'.
 * Member and order helpers: e2e/ordering.helpers.ts.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { money, newMember, orderLatte, placedOrder, submitted } from './ordering.helpers.ts';

test('a member finds the order on /account/history with its receipt, reorders from home in 3 taps; another member gets the not-found text', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  await newMember(page, request, { prefix: 'history', card: true });
  const first = await orderLatte(page);
  expect(first.tender).toBe('SVC'); // the stored-value card was pre-selected (the third tap below relies on it)

  // the order on /account/history: one card, newest first
  await page.goto('/account/history');
  await expect(page).toHaveTitle(/Order history/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order history' })).toBeVisible();
  const orders = page.getByRole('article');
  await expect(orders).toHaveCount(1);
  await expect(orders.first().locator('p').first()).toHaveText(/^3rd & Pine 24 Hours · In store · (Placed|Preparing)$/);
  await expect(orders.first().getByRole('listitem')).toHaveText([/^Caffè Latte, /]);
  await expect(orders.first()).toContainText(`${money(first.total)} · Harbor Card •••• `);
  await expect(orders.first()).toContainText(`+${first.starsEarned} Stars`);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  // its receipt
  await orders.first().getByRole('link', { name: /^Receipt: / }).click();
  await expect(page).toHaveURL(/\/account\/history\/ord_[A-Za-z0-9]{10,40}$/);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  const receipt = page.getByRole('table', { name: 'Receipt' });
  await expect(receipt.getByRole('row', { name: /^1 × Caffè Latte, / })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /^Subtotal / })).toBeVisible();
  await expect(receipt.getByRole('row', { name: /^Tax / })).toBeVisible();
  await expect(receipt.getByRole('row', { name: `Total ${money(first.total)}` })).toBeVisible();
  await expect(receipt.getByRole('row', { name: new RegExp(`^Paid with Harbor Card •••• \\d{4} \\${money(first.total)}$`) })).toBeVisible();
  await expect(page.getByText(`+${first.starsEarned} Stars`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reorder' })).toBeVisible();

  // reorder from the home page's last-order widget: every tap counted up to the placed order
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  await page.goto('/account/for-you');
  const widget = page.getByRole('region', { name: 'Your last order' });
  await expect(widget).toContainText('3rd & Pine 24 Hours');
  await tap(widget.getByRole('button', { name: 'Reorder' }));
  await expect(page).toHaveURL(/\/menu\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Review order' })).toBeVisible();
  await tap(page.getByRole('button', { name: 'Continue to payment' }));
  const answer = submitted(page);
  await tap(page.getByRole('dialog', { name: 'Payment summary' }).getByRole('button', { name: 'Place order' }));
  const second = await placedOrder(answer);
  await expect(page.getByRole('dialog', { name: 'Thanks for your order!' })).toBeVisible();
  expect(taps).toBeLessThanOrEqual(3);
  expect(taps).toBe(3);
  expect(second.total).toBe(first.total);
  await page.getByRole('button', { name: 'Done' }).click();

  // the reorder is the newest of two
  await page.goto('/account/history');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').nth(1).getByRole('link', { name: /^Receipt: / })).toHaveAttribute('href', `/account/history/${orderId}`);

  // another member: the first member's order id is not theirs
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await newMember(otherPage, otherPage.request, { prefix: 'history-other' });
  await otherPage.goto(`/account/history/${orderId}`);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(otherPage.getByRole('alert')).toHaveText('We could not find that order.');
  await expect(otherPage.getByRole('table')).toHaveCount(0);
  await expect(otherPage.getByRole('button', { name: 'Reorder' })).toHaveCount(0);
  await otherPage.goto('/account/history');
  await expect(otherPage.getByText('No orders yet.')).toBeVisible();
  await other.close();
});
