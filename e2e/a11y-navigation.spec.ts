/**
 * After every client navigation (issue 30, accessibility): the route announcer says the NEW page's title (the one
 * in document.title, never the previous page's) and focus is on the new page's h1 (never left on <body> or on the
 * link that was used). One path of ten client navigations through the header, the menu, a product, the footer and
 * the logo; each step asserts both. The same at 390 px through the phone header's menu button and the bag (issue 30).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { withoutMap } from './locator.helpers.ts';
import { pageReady } from './a11y.helpers.ts';

const BRAND = ' | Harbor Coffee';

/** the announcer's text, the page title and what has focus, read together */
const state = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const h1 = document.querySelector('#main h1');
    return {
      announced: document.querySelector('[data-testid="route-announcer"]')?.textContent ?? '',
      title: document.title,
      focusOnH1: !!h1 && active === h1,
      focused: active ? `${active.tagName.toLowerCase()} ${(active.textContent ?? '').trim().slice(0, 40)}` : 'none',
      path: location.pathname,
    };
  });

async function navigate(page: Page, step: string, link: Locator, expectedPath: RegExp) {
  const before = await state(page);
  await link.click();
  await expect(page).toHaveURL(expectedPath);
  await pageReady(page);
  // the announcement and the focus follow the render: poll until they settle (or the step fails with what was seen)
  await expect
    .poll(async () => {
      const s = await state(page);
      return s.announced !== '' && s.title === `${s.announced}${BRAND}` && s.focusOnH1 ? 'ok' : JSON.stringify(s);
    }, { message: `${step}: the announcer says the new title and focus is on the new h1 (from ${before.path})`, timeout: 10_000 })
    .toBe('ok');
  const after = await state(page);
  expect(after.path, `${step}: a new page`).not.toBe(before.path);
}

test('ten client navigations: each announces the new page title and focuses its h1', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await withoutMap(page);
  await page.goto('/');
  await pageReady(page);
  const header = page.locator('header.global-nav');
  const footer = page.locator('footer.global-footer');
  const main = page.locator('#main');

  await navigate(page, '1 home to locator', header.getByRole('link', { name: 'Find a store' }), /\/store-locator/);
  await navigate(page, '2 locator to menu', header.getByRole('link', { name: 'Menu' }), /\/menu\/?$/);
  await navigate(page, '3 menu to category', main.getByRole('link', { name: 'Hot Coffees' }).first(), /\/menu\/.+/);
  await navigate(page, '4 category to product', main.getByRole('link', { name: /^Caffè Latte/ }).first(), /\/menu\/product\//);
  await navigate(page, '5 product to menu', header.getByRole('link', { name: 'Menu' }), /\/menu\/?$/);
  await navigate(page, '6 menu to another category', main.getByRole('link', { name: 'Bakery' }).first(), /\/menu\/.+/);
  await navigate(page, '7 category to privacy statement', footer.getByRole('link', { name: 'Privacy Statement' }), /\/privacy-statement$/);
  await navigate(page, '8 privacy statement to home', header.getByRole('link', { name: /home$/ }), /\/$/);
  await navigate(page, '9 home to locator (footer)', footer.getByRole('link', { name: 'Store locator' }), /\/store-locator/);
  await navigate(page, '10 locator to menu (footer)', footer.getByRole('link', { name: 'Menu' }), /\/menu\/?$/);
  expect(consoleErrors).toEqual([]);
});

test('at 390 px, ten client navigations through the menu button and the bag: each announces the new title and focuses its h1', async ({ page, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await withoutMap(page);
  await page.goto('/');
  await pageReady(page);
  const header = page.locator('header.global-nav');
  const footer = page.locator('footer.global-footer');
  const main = page.locator('#main');
  const toggle = header.getByRole('button', { name: 'Site menu' });
  /** the phone's header: open the menu button's panel, then the link in it */
  const inMenu = async (name: string) => {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    return header.getByRole('link', { name, exact: true });
  };
  const bag = header.getByRole('link', { name: /^Bag, / });

  await navigate(page, '1 home to locator (menu button)', await inMenu('Find a store'), /\/store-locator/);
  await navigate(page, '2 locator to menu (menu button)', await inMenu('Menu'), /\/menu\/?$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false'); // following a link in the panel closed it
  await navigate(page, '3 menu to category', main.getByRole('link', { name: 'Hot Coffees' }).first(), /\/menu\/.+/);
  await navigate(page, '4 category to product', main.getByRole('link', { name: /^Caffè Latte/ }).first(), /\/menu\/product\//);
  await navigate(page, '5 product to the bag', bag, /\/menu\/cart$/);
  // the cart's chrome is the logo alone: its own way back
  await navigate(page, '6 bag to menu (Back to menu)', main.getByRole('link', { name: 'Back to menu' }), /\/menu\/?$/);
  await navigate(page, '7 menu to previous orders (tab)', main.getByRole('link', { name: 'Previous', exact: true }), /\/menu\/previous$/);
  await navigate(page, '8 previous to privacy statement (footer)', footer.getByRole('link', { name: 'Privacy Statement' }), /\/privacy-statement$/);
  await navigate(page, '9 privacy statement to home (logo)', header.getByRole('link', { name: /home$/ }), /\/$/);
  await navigate(page, '10 home to the bag', bag, /\/menu\/cart$/);
  expect(consoleErrors).toEqual([]);
});

test("a guest's billing address to card page, then 'Use this card': focus on the h1, never on <body>", async ({ page }) => {
  await page.goto('/account/payment-method/add/billing-address');
  await pageReady(page);
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Address', { exact: true }).fill('1 Pike St');
  await page.getByLabel('City').fill('Seattle');
  await page.getByLabel('State').selectOption('WA');
  await page.getByLabel('ZIP code').fill('98101');
  await navigate(page, 'billing address to card', page.getByRole('button', { name: 'Continue' }), /\/account\/payment-method\/gift\/guest\/credit-card$/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration month (MM)').fill('12');
  await page.getByLabel('Expiration year (YYYY)').fill('2030');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Use this card' }).click();
  await expect(page.getByText('Your card is ready for this order.')).toBeVisible();
  await expect.poll(async () => (await state(page)).focused, { message: "after 'Use this card' focus is on the page's h1" }).toMatch(/^h1 /);
});
