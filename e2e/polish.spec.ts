/**
 * Polish a customer sees (issue 30): words wrap at their boundaries on a phone (the nutrition table's size headers,
 * a product's name, the featured tiles), with no sideways scroll; the footer's Cookie preferences button is styled
 * like its neighbouring links on a page that never loaded the consent chunk.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { horizontalOverflow, pageReady } from './a11y.helpers.ts';

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
