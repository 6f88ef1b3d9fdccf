/**
 * Delivery landing page end to end (spec 1 sections 2 "Delivery landing page", 4 "Delivery page"): the page
 * (hero, FAQ link, legal text, Get started), the rebuild dialog when the bag in localStorage has items, the
 * partner storefront opening in a new tab, and the pickup/delivery toggle between the four routes. The e2e
 * server runs with ENABLE_IN_APP_DELIVERY=true.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shot, withoutMap } from './locator.helpers.ts';

test.describe.configure({ mode: 'parallel' });

const PARTNER = 'https://delivery-partner.example/store/harbor-coffee';
const BAG_KEY = 'harbor.bag.v1';

/** The partner storefront is external: answer it locally so the new tab loads without the network. */
async function fakePartner(context: BrowserContext) {
  await context.route('https://delivery-partner.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Partner storefront</title><h1>Partner storefront</h1>' }),
  );
}

const radio = (page: Page, name: 'Pickup' | 'Delivery') => page.getByRole('group', { name: 'How do you want your order?' }).getByRole('radio', { name });

test.beforeEach(async ({ page }) => {
  await withoutMap(page); // the toggle leads to the locator; its map is not the subject here
});

test('the landing page: hero, FAQ link, legal text and Get started, under the global navigation', async ({ page, consoleErrors }) => {
  await page.goto('/store-locator/delivery');
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery, from your favorite store' })).toBeVisible();
  await expect(page.getByText('Get your Harbor Coffee favorites delivered. Orders are placed and delivered by our delivery partner.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Delivery FAQ' })).toHaveAttribute('href', '/help/delivery-faq');
  const legal = page.getByRole('region', { name: 'Delivery terms' });
  await expect(legal).toContainText('third-party delivery partner');
  await expect(legal).toContainText("not Harbor Coffee's");
  await expect(page.getByRole('button', { name: 'Get started' })).toBeEnabled();
  await expect(radio(page, 'Delivery')).toBeChecked();
  await expect(radio(page, 'Pickup')).not.toBeChecked();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await shot(page, 'delivery-landing');
  expect(consoleErrors).toEqual([]);
});

test('with an empty bag Get started opens the partner storefront in a new tab at once', async ({ page, context }) => {
  await fakePartner(context);
  await page.goto('/store-locator/delivery');
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Get started' }).click();
  const partner = await popup;
  await partner.waitForLoadState('domcontentloaded');
  expect(partner.url()).toBe(PARTNER);
  await expect(partner.getByRole('heading', { name: 'Partner storefront' })).toBeVisible();
  // opened with noopener: the partner gets no handle on this page
  expect(await partner.evaluate(() => window.opener)).toBeNull();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const status = page.getByRole('status').filter({ hasText: 'The delivery partner opened in a new tab.' });
  await expect(status).toBeVisible();
  const again = status.getByRole('link', { name: 'Open it again' });
  await expect(again).toHaveAttribute('href', PARTNER);
  await expect(again).toHaveAttribute('target', '_blank');
  await expect(again).toHaveAttribute('rel', /noopener/);
});

test('with items in the bag: the rebuild dialog first, Cancel stays, Continue opens the partner', async ({ page, context }) => {
  await fakePartner(context);
  await page.addInitScript(
    ([key, bag]) => localStorage.setItem(key, bag),
    [BAG_KEY, JSON.stringify([{ productNumber: 1, quantity: 2 }, { productNumber: 2 }])] as const,
  );
  await page.goto('/store-locator/delivery');
  let opened = 0;
  context.on('page', () => opened++);

  await page.getByRole('button', { name: 'Get started' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your bag will not carry over' });
  await expect(dialog).toBeVisible();
  // two of one item and one of another: 3 items
  await expect(dialog).toContainText("You have 3 items in your bag. Delivery orders are placed with our delivery partner, so you'll need to rebuild your order there.");
  await shot(page, 'delivery-rebuild-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(opened).toBe(0);
  // the bag stays for pickup
  expect(await page.evaluate((key) => localStorage.getItem(key), BAG_KEY)).not.toBeNull();

  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(dialog).toBeVisible();
  const popup = context.waitForEvent('page');
  await dialog.getByRole('button', { name: 'Continue to delivery' }).click();
  const partner = await popup;
  await partner.waitForLoadState('domcontentloaded');
  expect(partner.url()).toBe(PARTNER);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('The delivery partner opened in a new tab.')).toBeVisible();
  expect(opened).toBe(1);
  expect(await page.evaluate((key) => localStorage.getItem(key), BAG_KEY)).not.toBeNull();
});

test('the pickup/delivery toggle switches between the locator and the delivery page, standalone and in the menu', async ({ page }) => {
  await page.goto('/store-locator');
  await expect(radio(page, 'Pickup')).toBeChecked();
  await radio(page, 'Delivery').click(); // a navigation, not a state change of this page's radio
  await expect(page).toHaveURL(/\/store-locator\/delivery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery, from your favorite store' })).toBeVisible();
  await radio(page, 'Pickup').click();
  await expect(page).toHaveURL(/\/store-locator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Find a store' })).toBeVisible();

  // in the menu flow: the same without the global navigation and footer
  await page.goto('/menu/store-locator');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a store' })).toBeVisible();
  await radio(page, 'Delivery').click(); // a navigation, not a state change of this page's radio
  await expect(page).toHaveURL(/\/menu\/store-locator\/delivery$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Delivery, from your favorite store' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await shot(page, 'delivery-in-menu');
  await radio(page, 'Pickup').click();
  await expect(page).toHaveURL(/\/menu\/store-locator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a store' })).toBeVisible();
});
