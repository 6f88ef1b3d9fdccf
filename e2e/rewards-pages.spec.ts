/**
 * The rewards pages in the browser (spec 3 section 2 "Rewards area", section 9 ways-to-pay offset; docs/rewards.md
 * section 1 and 5): the flag-off /rewards page (the config answer intercepted) at 1280x800 and 390x844 scrolls
 * #ways-to-pay to 149 / 50 px below the top; en-US shows the US-only store-locator link, fr-CA does not; flag on the
 * tabs are hidden signed out and shown signed in; every rewards page has its title and no axe violation.
 */
import type { Page } from '@playwright/test';
import { DEMO, expect, signInThroughForm, test } from './fixtures.ts';
import { axeViolations, horizontalOverflow, pageReady, VIEWPORTS } from './a11y.helpers.ts';

/** answers /apiproxy/v1/config with the server's config and the next-generation-loyalty flag set to `on` */
async function loyaltyFlag(page: Page, on: boolean) {
  await page.route('**/apiproxy/v1/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { rewards: { nextGenerationLoyalty: boolean } };
    config.rewards.nextGenerationLoyalty = on;
    await route.fulfill({ response, json: config });
  });
}

const sectionTop = (page: Page) => page.locator('#ways-to-pay').evaluate((el) => el.getBoundingClientRect().top);

test.describe('flag off: /rewards#ways-to-pay', () => {
  for (const [name, viewport, offset] of [
    ['desktop 1280x800', VIEWPORTS.desktop, 149],
    ['phone 390x844', VIEWPORTS.phone, 50],
  ] as const) {
    test(`${name}: the section lands ${offset} px below the top, on load and on hash change`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await loyaltyFlag(page, false);
      await page.goto('/rewards#ways-to-pay');
      await pageReady(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Ways to pay' })).toBeFocused();
      await expect.poll(() => sectionTop(page)).toBeGreaterThanOrEqual(offset - 1);
      expect(Math.abs((await sectionTop(page)) - offset)).toBeLessThanOrEqual(1);
      // a hash change (back to the top, then the in-page link) scrolls there again
      await page.evaluate(() => {
        history.replaceState(null, '', '/rewards');
        window.scrollTo(0, 0);
      });
      await page.locator('.rewards-hero').getByRole('link', { name: 'Ways to pay' }).click();
      await expect.poll(async () => Math.abs((await sectionTop(page)) - offset)).toBeLessThanOrEqual(1);
      expect(await horizontalOverflow(page)).toEqual([]);
      // the older page has no tabs and no next-generation hero
      await expect(page.getByRole('navigation', { name: 'Rewards' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Join Now', exact: true })).toHaveCount(0);
    });
  }

  test('/rewards/program: the in-page Ways to pay link lands 149 px below the top', async ({ page }) => {
    await page.goto('/rewards/program');
    await pageReady(page);
    await page.locator('.rewards-hero').getByRole('link', { name: 'Ways to pay' }).click();
    await expect.poll(async () => Math.abs((await sectionTop(page)) - 149)).toBeLessThanOrEqual(1);
  });

  test('en-US: the terms show the US-only store-locator link and sentence', async ({ page }) => {
    await loyaltyFlag(page, false);
    await page.goto('/rewards');
    await pageReady(page);
    await expect(page.getByText('Available at participating stores in the U.S. only.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find a participating store' })).toHaveAttribute('href', '/store-locator');
  });

  test('/rewards/my-rewards goes to /rewards when the flag is off', async ({ page }) => {
    await loyaltyFlag(page, false);
    await page.goto('/rewards/my-rewards');
    await expect(page).toHaveURL(/\/rewards$/);
    await expect(page.getByRole('region', { name: 'Ways to pay' })).toBeVisible();
  });
});

test.describe('flag off, fr-CA', () => {
  test.use({ locale: 'fr-CA', extraHTTPHeaders: { 'Accept-Language': 'fr-CA' } });
  test('no store-locator link or US-only sentence', async ({ page }) => {
    await loyaltyFlag(page, false);
    await page.goto('/rewards');
    await pageReady(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Terms' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find a participating store' })).toHaveCount(0);
    await expect(page.getByText(/U\.S\. only/)).toHaveCount(0);
  });
});

test.describe('flag on', () => {
  test('signed out: hero with Join Now, the three cards, no tabs; My Rewards shows Green', async ({ page }) => {
    await page.goto('/rewards');
    await pageReady(page);
    await expect(page).toHaveTitle('Rewards | Harbor Coffee');
    await expect(page.getByRole('link', { name: 'Join Now', exact: true })).toHaveAttribute('href', '/account/create');
    for (const card of ['Earn Stars', 'Get Rewarded', 'Indulge in the Benefits']) await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Rewards' })).toHaveCount(0);
    await page.goto('/rewards/my-rewards');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Green Status benefits' })).toBeVisible();
    await expect(page.locator('[data-benefit]')).toHaveCount(4);
  });

  test('signed in: the tabs How It Works and My Rewards, no Join Now; the header links to /account/rewards', async ({ page }) => {
    await signInThroughForm(page, DEMO.regular.email, DEMO.regular.password);
    await expect(page).not.toHaveURL(/\/account\/signin/, { timeout: 20_000 });
    await page.goto('/rewards');
    await pageReady(page);
    const tabs = page.getByRole('navigation', { name: 'Rewards' });
    await expect(tabs.getByRole('link', { name: 'How It Works' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Join Now', exact: true })).toHaveCount(0);
    await tabs.getByRole('link', { name: 'My Rewards' }).click();
    await expect(page).toHaveURL(/\/rewards\/my-rewards$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Your (Green|Gold) Status benefits$/ })).toBeVisible();
    // the member's figures are read (not only the heading shown while loading): needs R1's user.loyaltyProgram
    await expect(page.locator('.rewards-stars')).toHaveText(/^[0-9]+ Stars?$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/account/rewards');
  });
});

test.describe('titles, axe, no horizontal scroll at 390 px', () => {
  const pages = [
    { path: '/rewards', title: 'Rewards', member: false, flag: true },
    { path: '/rewards', title: 'Rewards', member: false, flag: false },
    { path: '/rewards/my-rewards', title: 'My Rewards', member: false, flag: true },
    { path: '/rewards/program', title: 'Harbor Rewards', member: false, flag: true },
    { path: '/help/rewards', title: 'Rewards questions', member: false, flag: true },
    { path: '/rewards', title: 'Rewards', member: true, flag: true },
    { path: '/rewards/my-rewards', title: 'My Rewards', member: true, flag: true },
    { path: '/account/rewards', title: 'Rewards', member: true, flag: true },
    { path: '/account/rewards/how-it-works', title: 'How It Works', member: true, flag: true },
  ];
  for (const p of pages) {
    test(`${p.path} (${p.member ? 'member' : 'guest'}, flag ${p.flag ? 'on' : 'off'}) at 1280 and 390 px`, async ({ page }) => {
      test.setTimeout(90_000);
      if (!p.flag) await loyaltyFlag(page, false);
      if (p.member) {
        await signInThroughForm(page, DEMO.regular.email, DEMO.regular.password);
        await expect(page).not.toHaveURL(/\/account\/signin/, { timeout: 20_000 });
      }
      await page.goto(p.path);
      await pageReady(page);
      await expect(page).toHaveTitle(`${p.title} | Harbor Coffee`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      expect.soft(await axeViolations(page), `${p.path} at 1280 px`).toEqual([]);
      await page.setViewportSize(VIEWPORTS.phone);
      expect.soft(await axeViolations(page), `${p.path} at 390 px`).toEqual([]);
      expect.soft(await horizontalOverflow(page), `${p.path} at 390 px`).toEqual([]);
    });
  }
});
