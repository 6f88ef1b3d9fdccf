/**
 * Shared by the accessibility, overflow and link-check suites (e2e/a11y*.spec.ts; the route sweeps are also the link checker):
 * the app's routes read from the generated route tree (so a new route is checked without touching these
 * tests), axe-core with the WCAG 2.2 A/AA tags, the horizontal-overflow probe, and a signed-in storage state
 * made once per worker.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { DEMO, expect, signInThroughForm } from './fixtures.ts';

/** concrete values for the dynamic segments of src/routeTree.gen.ts */
const PARAMS: Record<string, string> = { $token: 'sample-token-0000', $message: 'card-information-error', $: 'elsewhere', $menu: 'drinks', $category: 'hot-coffees', $subcategory: 'lattes', $productNumber: '2012', $formCode: 'hot', $categoryUrn: 'birthday' };
// the rewards promo pages (docs/rewards.md 1): an opt-in result page; an expired bonus offer (opting in changes nothing)
Object.assign(PARAMS, { $result: 'success', $offerCode: 'SPRING24' });
// the hotel partner pages (docs/rewards.md 2.3)
Object.assign(PARAMS, { $hotelPartner: 'lodgecrest', $sub: 'success' });
Object.assign(PARAMS, { $orderId: 'ord_a11ysample00000' });
// the barista console (docs/order-status.md 1): signed out the sign-in page, a member the 403 view
Object.assign(PARAMS, { $storeNumber: '10003' });

/** Every route of the app as a URL to visit: the `fullPaths` union of src/routeTree.gen.ts, params filled in. */
export function appRoutes(): string[] {
  const gen = readFileSync(path.join(import.meta.dirname, '..', 'src', 'routeTree.gen.ts'), 'utf8');
  const block = /fullPaths:\s*((?:\s*\|\s*'[^']*')+)/.exec(gen)?.[1];
  if (!block) throw new Error('fullPaths not found in src/routeTree.gen.ts');
  const paths = [...block.matchAll(/'([^']*)'/g)].map((m) => m[1]!);
  const urls = paths.map((p) => {
    const filled = p
      .split('/')
      .map((seg) => PARAMS[seg] ?? seg)
      .join('/');
    return filled.length > 1 ? filled.replace(/\/$/, '') : filled;
  });
  return [...new Set([...urls, ...EXTRA_URLS])].sort();
}

/** states of routes that only a query reaches (swept and link-checked like the routes themselves) */
const EXTRA_URLS = [
  '/account/cards?mode=from_account_create&card_error=121034',
  '/account/cards/transfer?from=unknown',
  '/account/payment-method/add/credit-card?billingAddressId=unknown',
  '/account/payment-method/edit/credit-card?paymentMethodId=unknown',
];

/**
 * routes a signed-in run must not visit: they end the shared session (sign-out; the sign-in page, which signs the
 * visitor out on arrival as spec 2 section 2 says; and an SSO link whose token fails, which lands there; every route
 * after them was otherwise checked signed out)
 */
export const SIGNED_IN_SKIP = new Set(['/account/signout', '/account/signin', `/account/signin/sso/${PARAMS.$token}`]);

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  narrow: { width: 320, height: 640 },
} as const;

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/**
 * axe-core on the page (or a part of it): WCAG 2.2 A/AA, plus the label-in-name rule (WCAG 2.5.3, marked experimental in
 * axe).
 *
 * Run in the page itself (AxeBuilder's "legacy" mode: `axe.run` on the document) when the page has no frames, which is
 * every page of the app (its CSP says `frame-src 'none'`, server/http/headers.ts). AxeBuilder's default runs axe per
 * frame and then opens a NEW blank page in the context, injects axe (650 KB) into it and merges the frames' results
 * there: a renderer started and closed for every call, for nothing when there is one frame. The rules, the tags, the
 * options and the nodes checked are the same; a page with frames keeps the default (docs/testing.md "CI time", session
 * ci: the axe calls of 24 route checks took 43.4 s with the default and 11.2 s in the page, at load 13-15).
 */
export async function axeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page })
    // only violations are read: axe skips collecting the passing and incomplete nodes (faster on every page)
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } }).withTags(WCAG_TAGS);
  if (process.env.AXE_FRAMES_MODE !== 'always' && page.frames().length === 1) builder = builder.setLegacyMode();
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** Elements wider than the viewport: empty when the page has no horizontal scroll. */
export async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 && r.width > 0) out.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} right=${Math.round(r.right)}`);
      if (out.length >= 8) break;
    }
    return [`scrollWidth ${document.documentElement.scrollWidth} > ${width}`, ...out];
  });
}

/** Waits until the route has rendered its page: React's shell (not the prerendered one), an h1 in the main content and no pending route. */
export async function pageReady(page: Page) {
  await expect(page.locator('.app:not(.app--prerendered) #main h1:not(.shell-placeholder-title)').first()).toBeVisible({ timeout: 20_000 });
  // no networkidle: the app keeps no connection open, but waiting for it cost seconds per route on a busy machine
  await expect(page.locator('.store-results[aria-busy="true"], .page-loading')).toHaveCount(0, { timeout: 5_000 }).catch(() => {});
}

/** A signed-in storage state (the demo member with favorite and previous stores), made once and reused. */
export async function memberStorageState(browser: Browser, file: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughForm(page, DEMO.regular.email, DEMO.regular.password);
  await expect(page).not.toHaveURL(/\/account\/signin/, { timeout: 20_000 });
  await context.storageState({ path: file });
  await context.close();
  return file;
}
