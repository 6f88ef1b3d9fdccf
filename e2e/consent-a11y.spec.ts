/**
 * Accessibility of the issue-11 pages in the states the route sweep (e2e/a11y.spec.ts) cannot reach by URL alone:
 * the consent form of a real client, its error dialog, the cookie-preferences dialog (keyboard: focus inside,
 * Escape closes), the privacy pages and the unsubscribe outcomes. Each: its title, zero axe violations, no
 * horizontal scroll at 390 and 320 px.
 */
import type { Page } from '@playwright/test';
import { signInThroughForm, test } from './fixtures.ts';
import { axeViolations, horizontalOverflow, pageReady, VIEWPORTS } from './a11y.helpers.ts';
import { ACCOUNT_TEST_TIMEOUT, createMember, expect } from './accounts.helpers.ts';

test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT });

async function check(page: Page, what: string, title: RegExp) {
  await expect(page, what).toHaveTitle(title);
  expect.soft(await axeViolations(page), `${what}: axe`).toEqual([]);
  for (const viewport of [VIEWPORTS.phone, VIEWPORTS.narrow]) {
    await page.setViewportSize(viewport);
    expect.soft(await horizontalOverflow(page), `${what}: no horizontal scroll at ${viewport.width} px`).toEqual([]);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test('guest pages: privacy request, confirmation, unsubscribe outcomes, the cookie dialog by keyboard', async ({ page }) => {
  await page.goto('/personal-information');
  await pageReady(page);
  await check(page, '/personal-information', /^Do Not Sell or Share My Personal Information \| Harbor Coffee$/);
  await page.goto('/personal-information/confirmation');
  await pageReady(page);
  await check(page, '/personal-information/confirmation', /^We got your submission \| Harbor Coffee$/);
  for (const [url, heading] of [
    ['/unsubscribe/complete?success=true&type=personalized', "You're unsubscribed from emails based on your info"],
    ['/unsubscribe/complete?success=true&type=promotional', "You're unsubscribed from promotional emails"],
    ['/unsubscribe/complete?success=false', "Can't unsubscribe"],
    ['/unsubscribe', "Can't unsubscribe"],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await check(page, url, new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| Harbor Coffee$`));
  }

  // the cookie dialog with the keyboard: open from the page's button, focus inside, Escape closes and focus returns
  await page.goto('/personal-information');
  await pageReady(page);
  const opener = page.getByRole('button', { name: 'Manage cookie preferences' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  await check(page, 'cookie dialog', /Harbor Coffee$/);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('member pages: the consent form, its error dialog, privacy settings and connected apps', async ({ page, request }) => {
  const member = await createMember(request, 'Ari', 'a11y');
  await signInThroughForm(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/account\/signin/);
  await page.goto('/dev/oauth-client');
  await page.getByRole('button', { name: 'Connect with Harbor' }).click();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();
  await check(page, 'consent form', /^Give access to your account \| Harbor Coffee$/);
  // keyboard: Cancel then Confirm are reachable in order
  await page.getByRole('link', { name: 'Cancel' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeFocused();

  await page.goto('/oauth/authorize?response_type=code');
  await expect(page.getByRole('dialog')).toContainText('Authorization details are missing or incomplete.');
  await check(page, 'consent error dialog', /^Give access to your account \| Harbor Coffee$/);
  await page.getByRole('button', { name: 'Close' }).press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/account/settings/privacy');
  await expect(page.getByRole('checkbox', { name: 'Do not sell or share my personal information' })).toBeVisible();
  await check(page, '/account/settings/privacy', /^Privacy \| Harbor Coffee$/);
  await page.goto('/account/settings');
  await expect(page.getByRole('heading', { name: 'Connected apps' })).toBeVisible();
  await expect(page.getByText('No apps have access to your account.')).toBeVisible();
  await check(page, '/account/settings', /^Settings \| Harbor Coffee$/);
});
