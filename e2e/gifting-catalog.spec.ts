/**
 * The eGift catalog end to end (docs/gifting.md sections 1 and 3.6): /gift lists the four categories with their
 * card art, a category page shows its designs, an unknown category returns to /gift with the spec's fetch error,
 * and the card-balance check answers a right code with the balance and a wrong code (or an unknown card) with one
 * answer. Seeded sandbox cards (docs/accounts.md): 207 holds $100.00, 208 $50.00; neither is used by other specs.
 */
import { expect, test } from './fixtures.ts';
import { sandboxCard, toast } from './accounts.helpers.ts';

test('/gift shows the categories in order, each design as its card art linking to its page', async ({ page }) => {
  await page.goto('/gift');
  // the first GraphQL request of a fresh server loads the GraphQL modules: allow for it on a busy machine
  await expect(page.getByRole('heading', { level: 1, name: 'eGift cards' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('eGift cards | Harbor Coffee');
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Birthday', 'Thank you', 'Congratulations', 'Holiday', 'Check your card balance']);
  await expect(page.getByText('Gifting a group? Add up to 10 recipients to one eGift.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Check your card balance' })).toHaveAttribute('href', '/gift#check-balance');
  const design = page.getByRole('link', { name: 'Birthday eGift: balloons rising over a coffee cup' });
  await expect(design).toHaveAttribute('href', '/gift/11000001');
  const art = design.getByRole('img');
  await art.scrollIntoViewIfNeeded();
  // the art is a real image that loaded (an SVG of its own), not a broken link
  await expect.poll(() => art.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.gift-design img')).toHaveCount(12);
  // the retired design is not offered
  await expect(page.getByRole('link', { name: /retired design/ })).toHaveCount(0);
});

test('a category page shows its designs and links back to all; an unknown category returns to /gift with the fetch error', async ({ page }) => {
  await page.goto('/gift');
  await page.getByRole('link', { name: 'See all Holiday eGifts' }).click();
  await expect(page).toHaveURL(/\/gift\/category\/holiday$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Holiday eGifts' })).toBeVisible();
  await expect(page).toHaveTitle('Holiday eGifts | Harbor Coffee');
  await expect(page.locator('.gift-design a')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Holiday eGift: a decorated pine tree with a star on top' })).toHaveAttribute('href', '/gift/14000002');
  await page.getByRole('link', { name: 'All eGift cards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'eGift cards' })).toBeVisible();

  await page.goto('/gift/category/no-such-category');
  await expect(toast(page).filter({ hasText: 'Could not find the card(s) you were looking for.' })).toBeVisible();
  await expect(page).toHaveURL(/\/gift$/);
  await expect(page.getByRole('heading', { level: 1, name: 'eGift cards' })).toBeVisible();
});

test('the balance check shows a card balance; a wrong code and an unknown card get the same answer', async ({ page }) => {
  const right = sandboxCard(207);
  const other = sandboxCard(208);
  await page.goto('/gift#check-balance');
  const form = page.getByRole('form', { name: 'Check your card balance' });
  await form.getByLabel('Card number').fill(right.number);
  await form.getByLabel('Security code').fill(right.pin);
  await form.getByRole('button', { name: 'Check balance' }).click();
  await expect(page.getByText('Card •••• 0207 has $100.00')).toBeVisible();
  await page.getByRole('button', { name: 'Check another card' }).click();

  const wrong = other.pin === '00000000' ? '11111111' : '00000000';
  await form.getByLabel('Card number').fill(other.number);
  await form.getByLabel('Security code').fill(wrong);
  await form.getByRole('button', { name: 'Check balance' }).click();
  await expect(form.getByText("That card number or security code doesn't look right.")).toBeVisible();

  await form.getByLabel('Card number').fill('6000109999999999');
  await form.getByLabel('Security code').fill(other.pin);
  const answer = page.waitForResponse((r) => r.url().endsWith('/apiproxy/v1/unauth/card-balance'));
  await form.getByRole('button', { name: 'Check balance' }).click();
  expect((await answer).status()).toBe(422);
  await expect(form.getByText("That card number or security code doesn't look right.")).toBeVisible();

  // the form's own checks: nothing is sent for a short number
  await form.getByLabel('Card number').fill('1234');
  await form.getByRole('button', { name: 'Check balance' }).click();
  await expect(form.getByText('A valid card number has 16 digits.')).toBeVisible();
});
