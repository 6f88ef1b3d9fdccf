/**
 * Link checker: every internal link on every route (routes from src/routeTree.gen.ts), signed in and out,
 * must lead somewhere. App paths are opened in the browser (the server answers every app path with the app,
 * so a dead link shows the not-found page, "We couldn't find that page"); server paths (/apiproxy, /dev) must
 * answer below 400.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { withoutMap } from './locator.helpers.ts';
import { appRoutes, memberStorageState, pageReady, SIGNED_IN_SKIP } from './a11y.helpers.ts';

const NOT_FOUND_HEADING = "We couldn't find that page";
const stateFile = path.join(mkdtempSync(path.join(tmpdir(), 'harbor-links-')), 'member.json');

/** the same-origin links on the page (path + query), without fragments */
async function internalLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((h) => new URL(h))
    .filter((u) => u.origin === origin)
    .map((u) => `${u.pathname}${u.search}`);
}

for (const who of ['guest', 'member'] as const) {
  test(`${who}: every internal link of every route leads to a page`, async ({ browser, request }) => {
    test.setTimeout(15 * 60_000);
    const context = await browser.newContext(who === 'member' ? { storageState: await memberStorageState(browser, stateFile) } : {});
    const page = await context.newPage();
    await withoutMap(page);
    const found = new Map<string, string>(); // link -> the first route it was found on
    const routes = appRoutes().filter((r) => !(who === 'member' && SIGNED_IN_SKIP.has(r)));
    for (const route of routes) {
      await page.goto(route);
      await pageReady(page);
      for (const link of await internalLinks(page)) if (!found.has(link)) found.set(link, route);
    }
    // also the pages the links lead to that are not routes of their own (e.g. /menu/store-locator?toCart=true)
    const dead: string[] = [];
    for (const [link, from] of found) {
      if (who === 'member' && SIGNED_IN_SKIP.has(link.split('?')[0]!)) continue;
      if (/^\/(apiproxy|dev)\//.test(link)) {
        const res = await request.get(link, { maxRedirects: 0 });
        if (res.status() >= 400) dead.push(`${link} (on ${from}): HTTP ${res.status()}`);
        continue;
      }
      const res = await page.goto(link);
      if (!res || res.status() >= 400) {
        dead.push(`${link} (on ${from}): HTTP ${res?.status()}`);
        continue;
      }
      await pageReady(page);
      if (await page.getByRole('heading', { level: 1, name: NOT_FOUND_HEADING }).count()) dead.push(`${link} (on ${from}): not found`);
    }
    expect(found.size).toBeGreaterThan(10);
    expect(dead).toEqual([]);
    await context.close();
  });
}
