/**
 * Accessibility of every route and every dialog (WCAG 2.2 A/AA with axe-core), signed in and out, on a
 * desktop and on a 390 px phone, plus the page title (WCAG 2.4.2) and no horizontal scroll at 390 and
 * 320 px. Routes come from src/routeTree.gen.ts (e2e/a11y.helpers.ts). Each session's routes are split into GROUPS
 * tests (the two Playwright workers share them), each walking its routes in one page, and one visit of a route serves both viewports (checkRoute: checked at 1280 px, then resized to 390 and
 * 320 px); the run stays short on two cores. The map is off (software WebGL is the slowest part of a page) except
 * in the test about the map's pins.
 *
 * The sweeps also are the CSP check of every route (issue 6: no securitypolicyviolation event or "Refused to"
 * message) and the link checker (issue 8: every same-origin link found on any route leads to a page; server paths
 * answer below 400): one visit of a route serves all of it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
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

/**
 * One visit of `url` checks it at both viewports: at 1280 px its title and axe, then the same page resized to 390 px
 * (title, axe, no horizontal scroll) and to 320 px (no horizontal scroll), then back. The app lays pages out with CSS
 * only (no script reads the viewport; the one that watches a size, the map's start, is off in the sweep), so a page
 * resized to 390 px is the page loaded at 390 px; the second navigation per route and viewport is saved.
 */
/**
 * Pages that leave by themselves after a few seconds (the hotel partner's redirect page: 5 s, then the partner):
 * loaded again for each check, so every check sees the page itself even when axe is slow on a loaded machine.
 */
const LEAVES_BY_ITSELF = /\/rewards\/partnerships\/[^/]+\/redirect$/;

async function checkRoute(page: Page, url: string) {
  const leaves = LEAVES_BY_ITSELF.test(url);
  // pageReady waits up to 5 s for a page's loading indicator to go: the redirect page's progress bar stays, and the
  // page leaves at 5 s; its heading is the sign that it has rendered
  const ready = () => (leaves ? expect(page.locator('.app:not(.app--prerendered) #main h1').first()).toBeVisible({ timeout: 20_000 }) : pageReady(page));
  const again = async () => {
    if (!leaves) return;
    await page.goto(url);
    await ready();
  };
  await page.goto(url);
  await ready();
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    if (viewport !== VIEWPORTS.desktop) {
      await page.setViewportSize(viewport);
      await again();
    }
    const at = `${url} (${viewport.width} px)`;
    const title = await page.title();
    expect.soft(title, `${at}: a descriptive title`).toMatch(/^.+ \| Harbor Coffee$/);
    const violations = await axeViolations(page);
    expect.soft(violations, `${at}: axe WCAG 2.2 A/AA`).toEqual([]);
  }
  await again();
  expect.soft(await horizontalOverflow(page), `${url}: no horizontal scroll at ${VIEWPORTS.phone.width} px`).toEqual([]);
  await page.setViewportSize(VIEWPORTS.narrow);
  await again();
  expect.soft(await horizontalOverflow(page), `${url}: no horizontal scroll at 320 px`).toEqual([]);
  await page.setViewportSize(VIEWPORTS.desktop);
}

/**
 * The routes are swept in GROUPS tests per session (round-robin over the sorted list, so every group gets a share of
 * each area), plus one test per session for the dialogs: Playwright's two workers share the sweep (it was one test
 * per session, 10 minutes each on a loaded machine, docs/testing.md "CI time") and a failure names its group.
 */
const GROUPS = 5;

function routesOf(who: 'guest' | 'member'): string[] {
  return appRoutes().filter((url) => !(who === 'member' && SIGNED_IN_SKIP.has(url)) && !(ONLY && !ONLY.includes(url)));
}

for (const who of ['guest', 'member'] as const) {
  test.describe(who, () => {
    if (who === 'member') {
      test.beforeAll(async ({ browser }) => {
        memberState ??= memberStorageState(browser, stateFile);
        await memberState;
      });
    }
    const newPage = async (browser: Browser) => {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop, ...(who === 'member' ? { storageState: await memberState! } : {}) });
      const page = await context.newPage();
      await withoutMap(page);
      return { context, page };
    };
    for (let group = 0; group < GROUPS; group++) {
      test(`routes ${group + 1}/${GROUPS} at 1280 and 390 px: its title and zero axe violations; no horizontal scroll at 390 and 320 px; no CSP violation; the page renders; every internal link leads to a page`, async ({ browser, request }) => {
        // two viewports per visit (the desktop and phone sweeps were two tests before, each loading every route)
        test.setTimeout(10 * 60_000);
        const all = routesOf(who);
        const mine = all.filter((_, i) => i % GROUPS === group);
        const { context, page } = await newPage(browser);
        // the CSP check (issue 6) and the link checker (issue 8) ride on the same visit of each route
        const cspConsole = await watchCsp(page);
        const links = new Map<string, string>(); // link -> the first route it was found on
        for (const url of mine) {
          await test.step(url, async () => {
            await checkRoute(page, url);
            expect.soft(await collected(page, cspConsole.splice(0)), `${url}: no CSP violation`).toEqual([]);
            // every route of the sweep renders its page, never the not-found page (the splat routes' samples redirect):
            // so a link to a route of the sweep, found in any group, is checked by that route's own visit
            expect.soft(await showsNotFound(page), `${url}: shows the not-found page`).toBe(false);
            for (const link of await internalLinks(page)) if (!links.has(link)) links.set(link, url);
          });
        }
        // the pages the links lead to: server paths must answer below 400, app paths must not be the not-found page
        const dead: string[] = [];
        const swept = new Set(all);
        for (const [link, from] of links) {
          if (who === 'member' && SIGNED_IN_SKIP.has(link.split('?')[0]!)) continue;
          if (/^\/(apiproxy|dev)\//.test(link)) {
            const res = await request.get(link, { maxRedirects: 0 });
            if (res.status() >= 400) dead.push(`${link} (on ${from}): HTTP ${res.status()}`);
            continue;
          }
          if (swept.has(link)) continue;
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
        await context.close();
      });
    }
    test('every dialog at 1280 and 390 px: zero axe violations', async ({ browser }) => {
      test.setTimeout(10 * 60_000);
      // every dialog at both widths, in one page and session
      const { context, page } = await newPage(browser);
      for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
        await page.setViewportSize(viewport);
        await test.step(`dialogs at ${viewport.width} px`, () => checkDialogs(page, who));
      }
      if (who === 'guest') await test.step('delivery rebuild dialog at both widths', () => checkDeliveryDialog(page));
      await context.close();
    });
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

  // the guest's delivery rebuild dialog needs a bag: checkDeliveryDialog, once at the end of the sweep
  // member-only dialogs that need data the demo member lacks (a registered card: #pay, #add-money, #auto-reload;
  // the remove-card dialog) are checked by e2e/cards.spec.ts after it registers one
}

/**
 * The guest's delivery rebuild dialog (it needs a bag in localStorage, which then stays for every later visit of the
 * page: so it comes last), at both widths.
 */
async function checkDeliveryDialog(page: Page) {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.addInitScript(() => localStorage.setItem('harbor.bag.v1', JSON.stringify([{ productNumber: 1, quantity: 2 }])));
  await page.goto('/store-locator/delivery');
  await page.getByRole('button', { name: 'Get started' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your bag will not carry over' });
  await expect(dialog).toBeVisible();
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    await page.setViewportSize(viewport);
    await expect(dialog).toBeVisible();
    expect.soft(await axeViolations(page, OPEN_DIALOG), `delivery rebuild dialog (${viewport.width} px, guest)`).toEqual([]);
  }
}
