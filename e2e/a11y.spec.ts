/**
 * Accessibility of every route and every dialog (WCAG 2.2 A/AA with axe-core), signed in and out, on a
 * desktop and on a 390 px phone, plus the page title (WCAG 2.4.2) and no horizontal scroll at 390 and
 * 320 px. Routes come from src/routeTree.gen.ts (e2e/a11y.helpers.ts). One test per viewport and session
 * walks all routes in one page (the run stays short on two cores); the map is off (software WebGL is the
 * slowest part of a page) except in the test about the map's pins.
 *
 * The desktop sweeps also are the CSP check of every route (issue 6: no securitypolicyviolation event or
 * "Refused to" message) and the link checker (issue 8: every same-origin link found on any route leads to a
 * page; server paths answer below 400): one visit of a route serves all three.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { withoutMap } from './locator.helpers.ts';
import { collected, watchCsp } from './csp.helpers.ts';
import { appRoutes, axeViolations, horizontalOverflow, memberStorageState, pageReady, SIGNED_IN_SKIP, VIEWPORTS } from './a11y.helpers.ts';

test.describe.configure({ mode: 'parallel' });

/** local runs only: A11Y_ROUTES=/menu,/store-locator sweeps just these routes (the dialogs are always checked) */
const ONLY = process.env.A11Y_ROUTES ? process.env.A11Y_ROUTES.split(',') : null;

const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'harbor-a11y-')), 'member.json');
let memberState: Promise<string> | null = null;

const NOT_FOUND_HEADING = "We couldn't find that page";

/** the same-origin links on the page (path + query), without fragments */
async function internalLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((h) => new URL(h))
    .filter((u) => u.origin === origin)
    .map((u) => `${u.pathname}${u.search}`);
}

const showsNotFound = async (page: Page) => (await page.getByRole('heading', { level: 1, name: NOT_FOUND_HEADING }).count()) > 0;

async function checkRoute(page: Page, url: string, opts: { overflowAt320: boolean }) {
  await page.goto(url);
  await pageReady(page);
  const title = await page.title();
  expect.soft(title, `${url}: a descriptive title`).toMatch(/^.+ \| Harbor Coffee$/);
  const violations = await axeViolations(page);
  expect.soft(violations, `${url}: axe WCAG 2.2 A/AA`).toEqual([]);
  const viewport = page.viewportSize()!;
  if (viewport.width <= VIEWPORTS.phone.width) {
    expect.soft(await horizontalOverflow(page), `${url}: no horizontal scroll at ${viewport.width} px`).toEqual([]);
    if (opts.overflowAt320) {
      await page.setViewportSize(VIEWPORTS.narrow);
      expect.soft(await horizontalOverflow(page), `${url}: no horizontal scroll at 320 px`).toEqual([]);
      await page.setViewportSize(viewport);
    }
  }
}

for (const who of ['guest', 'member'] as const) {
  test.describe(who, () => {
    if (who === 'member') {
      test.beforeAll(async ({ browser }) => {
        memberState ??= memberStorageState(browser, stateFile);
        await memberState;
      });
    }
    for (const [name, viewport] of [['desktop', VIEWPORTS.desktop], ['phone', VIEWPORTS.phone]] as const) {
      const desktop = name === 'desktop';
      test(`${name}: every route has its title, zero axe violations${desktop ? ', no CSP violation, and every internal link leads to a page' : ', no horizontal scroll at 390 and 320 px'}; every dialog zero axe violations`, async ({ browser, request }) => {
        test.setTimeout(15 * 60_000);
        const context = await browser.newContext({ viewport, ...(who === 'member' ? { storageState: await memberState! } : {}) });
        const page = await context.newPage();
        await withoutMap(page);
        // desktop also carries the CSP check (issue 6) and the link checker (issue 8): one visit of each route serves all
        const cspConsole = desktop ? await watchCsp(page) : [];
        const links = new Map<string, string>(); // link -> the first route it was found on
        const visited = new Map<string, boolean>(); // route -> it showed the not-found page
        for (const url of appRoutes()) {
          if (who === 'member' && SIGNED_IN_SKIP.has(url)) continue;
          if (ONLY && !ONLY.includes(url)) continue;
          await test.step(url, async () => {
            await checkRoute(page, url, { overflowAt320: !desktop });
            if (!desktop) return;
            expect.soft(await collected(page, cspConsole.splice(0)), `${url}: no CSP violation`).toEqual([]);
            visited.set(url, await showsNotFound(page));
            for (const link of await internalLinks(page)) if (!links.has(link)) links.set(link, url);
          });
        }
        if (desktop) {
          // the pages the links lead to: server paths must answer below 400, app paths must not be the not-found page
          const dead: string[] = [];
          for (const [link, from] of links) {
            if (who === 'member' && SIGNED_IN_SKIP.has(link.split('?')[0]!)) continue;
            if (/^\/(apiproxy|dev)\//.test(link)) {
              const res = await request.get(link, { maxRedirects: 0 });
              if (res.status() >= 400) dead.push(`${link} (on ${from}): HTTP ${res.status()}`);
              continue;
            }
            if (visited.has(link)) {
              if (visited.get(link)) dead.push(`${link} (on ${from}): not found`);
              continue;
            }
            const res = await page.goto(link);
            if (!res || res.status() >= 400) {
              dead.push(`${link} (on ${from}): HTTP ${res?.status()}`);
              continue;
            }
            await pageReady(page);
            if (await showsNotFound(page)) dead.push(`${link} (on ${from}): not found`);
          }
          if (!ONLY) expect(links.size).toBeGreaterThan(10);
          expect(dead).toEqual([]);
        }
        // every dialog, in the same page and session (no second context, sign-in or browser start per viewport)
        await test.step('dialogs', () => checkDialogs(page, who));
        await context.close();
      });
    }
  });
}

/** the open modal: a native <dialog> (src/views/shell/Dialog.tsx) or the cards overlay (role=dialog, aria-modal) */
const OPEN_DIALOG = 'dialog[open], [role="dialog"][aria-modal="true"]';

/**
 * Opens every dialog a guest or a member can reach without placing an order, and runs axe on each (scoped to the
 * dialog: faster than the whole page, and the page itself was checked by the route sweep). Called at the end of
 * each sweep, so desktop and phone, signed in and out, share the sweep's page.
 */
async function checkDialogs(page: Page, who: 'guest' | 'member') {
  const check = async (what: string, scope = OPEN_DIALOG) => expect.soft(await axeViolations(page, scope), `${what} (${page.viewportSize()!.width} px, ${who})`).toEqual([]);
  const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });

  await page.goto('/store-locator?place=Seattle');
  await expect(page.locator('li.store-card:not(.store-card--skeleton)').first()).toBeVisible({ timeout: 20_000 });
  if (who === 'member') await expect(page.getByRole('heading', { name: 'Favorite stores' })).toBeVisible({ timeout: 20_000 });
  await check('locator with results', '#main');

  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(dialog('Filter stores')).toBeVisible();
  await check('filter dialog');
  await page.keyboard.press('Escape');
  await expect(dialog('Filter stores')).toBeHidden();

  const union = page.locator('li.store-card').filter({ has: page.locator('.store-card-name').getByText('5th Ave & Union', { exact: true }) });
  if (who === 'guest') {
    await union.getByRole('button', { name: 'Add 5th Ave & Union to favorites' }).click();
    await expect(dialog('Sign in to save favorites')).toBeVisible();
    await check('favorites sign-in dialog');
    await page.keyboard.press('Escape');

    await union.getByRole('button', { name: 'Order here at 5th Ave & Union' }).click();
    await expect(dialog(/Account required|Store unavailable/)).toBeVisible();
    await check('guest ordering dialog');
    await page.keyboard.press('Escape');
  }

  await union.getByRole('button', { name: 'Store info for 5th Ave & Union' }).click();
  await expect(page.getByRole('region', { name: '5th Ave & Union' })).toBeVisible();
  await check('store details', '#main');

  // the footer's cookie preferences (every page with the full chrome)
  await page.goto('/menu');
  await pageReady(page);
  await page.getByRole('button', { name: 'Cookie preferences' }).click();
  await expect(dialog(/cookie/i)).toBeVisible();
  await check('cookie preferences dialog');
  await page.keyboard.press('Escape');

  if (who === 'guest') {
    await page.addInitScript(() => localStorage.setItem('harbor.bag.v1', JSON.stringify([{ productNumber: 1, quantity: 2 }])));
    await page.goto('/store-locator/delivery');
    await page.getByRole('button', { name: 'Get started' }).click();
    await expect(dialog('Your bag will not carry over')).toBeVisible();
    await check('delivery rebuild dialog');
  }
  // member-only dialogs that need data the demo member lacks (a registered card: #pay, #add-money, #auto-reload;
  // the remove-card dialog) are checked by e2e/cards.spec.ts after it registers one
}
