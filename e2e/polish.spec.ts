/**
 * Polish a customer sees (issue 30): words wrap at their boundaries on a phone (the nutrition table's size headers,
 * a product's name, the featured tiles), with no sideways scroll; the footer's Cookie preferences button is styled
 * like its neighbouring links on a page that never loaded the consent chunk; the header's bag and the phone's menu
 * button; one current menu tab on one row; choice tiles without native radio circles.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations, horizontalOverflow, pageReady } from './a11y.helpers.ts';
import { STORE_NAME, addLatte, newMember, orderLatte } from './ordering.helpers.ts';

/** words of the elements' own text split over two lines (each word a Range: two line tops is a break inside it) */
async function brokenWords(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => {
      const broken: string[] = [];
      for (const text of el.childNodes) {
        if (text.nodeType !== Node.TEXT_NODE) continue;
        for (const m of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, m.index!);
          range.setEnd(text, m.index! + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
      return broken;
    }),
  );
}

test.beforeEach(async ({ page }) => {
  // a browser with hyphenation dictionaries may hyphenate ('Mac-chiato'), which is fine; this checks that nothing
  // forces a break inside a word, so hyphenation is off here whatever the platform
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '* { hyphens: manual !important; }';
      document.head.append(style);
    });
  });
});

for (const width of [390, 320]) {
  test(`at ${width} px words wrap between words: featured tiles, a product name, the nutrition table's sizes`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/menu?tab=featured');
    await pageReady(page);
    await expect(page.locator('.product-tile-name').first()).toBeVisible();
    expect(await brokenWords(page, '.product-tile-name')).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);

    await page.locator('.product-tile').filter({ hasText: 'Caramel Macchiato' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Caramel Macchiato' })).toBeVisible();
    expect(await brokenWords(page, '#main h1')).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);

    await page.getByRole('link', { name: /nutrition/i }).first().click();
    await expect(page.locator('.nutrition-table th').first()).toBeVisible();
    expect(await brokenWords(page, '.nutrition-table th')).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
  });
}

test("the footer's Cookie preferences button is styled on a page without the consent chunk", async ({ page }) => {
  await page.goto('/menu');
  await pageReady(page);
  const button = page.locator('footer.global-footer').getByRole('button', { name: 'Cookie preferences' });
  await expect(button).toBeVisible();
  const style = await button.evaluate((b) => {
    const s = getComputedStyle(b);
    return { border: s.borderTopWidth, background: s.backgroundColor, underline: s.textDecorationLine, font: s.fontFamily === getComputedStyle(b.parentElement!).fontFamily };
  });
  expect(style).toEqual({ border: '0px', background: 'rgba(0, 0, 0, 0)', underline: 'underline', font: true });
});

const shot = async (page: Page, name: string, locator?: Locator) => {
  // screenshots for a reviewer's eyes (issue 30): only when SHOTS_DIR is set
  if (!process.env.SHOTS_DIR) return;
  const path = `${process.env.SHOTS_DIR}/${name}.png`;
  await (locator ? locator.screenshot({ path }) : page.screenshot({ path }));
};

for (const width of [390, 1280]) {
  test(`at ${width} px the header has the bag with its live count; on a phone one row with a menu button`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await addLatte(page);
    const header = page.locator('header.global-nav');
    // the cart root actor's count, live: the item just added
    await expect(header.getByRole('link', { name: 'Bag, 1 item' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Bag, 1 item' })).toHaveAttribute('href', '/menu/cart');
    const toggle = header.getByRole('button', { name: 'Site menu' });
    if (width === 390) {
      // one row: logo, bag and menu button side by side, the header no taller than one row
      const box = await header.boundingBox();
      expect(box!.height).toBeLessThanOrEqual(72);
      const tops = await Promise.all([header.locator('.logo'), header.locator('.nav-bag'), toggle].map(async (l) => Math.round((await l.boundingBox())!.y)));
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(12);
      await expect(header.getByRole('link', { name: 'Find a store' })).toBeHidden();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await shot(page, `header-${width}`, header);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(header.getByRole('link', { name: 'Find a store' })).toBeVisible();
      expect(await axeViolations(page, 'header.global-nav')).toEqual([]);
      await shot(page, `header-${width}-open`);
      await page.keyboard.press('Escape');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(toggle).toBeFocused();
      await expect(header.getByRole('link', { name: 'Find a store' })).toBeHidden();
      // keyboard: Enter opens it, the links follow the button in the tab order, a link closes it by navigating
      await page.keyboard.press('Enter');
      await expect(header.getByRole('link', { name: 'Find a store' })).toBeVisible();
      await header.getByRole('link', { name: 'Find a store' }).click();
      await expect(page).toHaveURL(/\/store-locator/);
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    } else {
      await expect(toggle).toBeHidden();
      await expect(header.getByRole('link', { name: 'Find a store' })).toBeVisible();
      await shot(page, `header-${width}`, header);
      await header.getByRole('link', { name: 'Find a store' }).click();
      await expect(page).toHaveURL(/\/store-locator/);
    }
    // on another page, after a client navigation and after a reload (the stored bag until an ordering page starts the cart)
    await pageReady(page);
    await expect(header.getByRole('link', { name: 'Bag, 1 item' })).toBeVisible();
    await page.goto('/privacy-statement');
    await pageReady(page);
    await expect(header.getByRole('link', { name: 'Bag, 1 item' })).toBeVisible();
    expect(await axeViolations(page, 'header.global-nav')).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    await header.getByRole('link', { name: 'Bag, 1 item' }).click();
    await expect(page).toHaveURL(/\/menu\/cart$/);
  });

  test(`at ${width} px the menu tabs: one row, one current tab`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    for (const [url, current] of [['/menu/previous', 'Previous'], ['/menu?tab=featured', 'Featured'], ['/menu', 'All products']] as const) {
      await page.goto(url);
      await pageReady(page);
      const tabs = page.locator('nav.menu-tabs');
      await expect(tabs.getByRole('link', { name: 'Favorites' })).toBeVisible();
      expect(await tabs.locator('[aria-current]').allTextContents()).toEqual([current]);
      const tops = await tabs.getByRole('link').evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
      expect(new Set(tops).size, `tabs on one row at ${url}`).toBe(1);
      expect(await horizontalOverflow(page)).toEqual([]);
      if (url === '/menu/previous') await shot(page, `menu-tabs-${width}`, tabs);
    }
  });
}

test('choice tiles draw no native radio circle; the radio keeps the keys and the focus ring shows on the tile', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addLatte(page);
  const sizes = page.getByRole('group', { name: 'Size' });
  const radios = sizes.getByRole('radio');
  expect(await radios.count()).toBeGreaterThan(1);
  // the native radios are there for assistive technology, drawn by their tiles (no circle)
  expect(await radios.evaluateAll((rs) => rs.map((r) => getComputedStyle(r).opacity))).toEqual(Array(await radios.count()).fill('0'));
  const checked = sizes.locator('input:checked');
  await checked.focus();
  await page.keyboard.press('ArrowLeft');
  const tile = sizes.locator('.choice-tile:has(input:focus-visible)');
  await expect(tile).toHaveCount(1);
  expect(await tile.evaluate((t) => getComputedStyle(t).outlineStyle)).toBe('solid');
  await shot(page, 'size-tiles-390', sizes);
  expect(await axeViolations(page, '#main')).toEqual([]);
  expect(await horizontalOverflow(page)).toEqual([]);
});

test("a member's previous orders name the store and status (no 'Express'); a card page is titled by nickname and last four", async ({ page, request }) => {
  test.setTimeout(180_000);
  await newMember(page, request, { prefix: 'polish', card: true });
  await orderLatte(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/menu/previous');
    await pageReady(page);
    const order = page.locator('li.previous-order').first();
    await expect(order).toBeVisible();
    await expect(order.getByText(STORE_NAME)).toBeVisible();
    await expect(order.getByText(/^(Placed|Preparing|Ready|Picked up)$/)).toBeVisible();
    await expect(order.getByText('Express')).toHaveCount(0);
    expect(await axeViolations(page, '#main')).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    await shot(page, `previous-${width}`);
  }
  await page.goto('/account/cards');
  await pageReady(page);
  const cardLink = page.locator('.cards-list a').first();
  const nickname = (await cardLink.textContent())!.trim();
  await cardLink.click();
  await expect(page).toHaveURL(/\/account\/cards\/[^/]+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(new RegExp(`^${nickname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d{4}\\)$`));
  await expect(page).toHaveTitle(`${await heading.textContent()} | Harbor Coffee`);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await axeViolations(page, '#main')).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    await shot(page, `card-page-${width}`);
  }
});
