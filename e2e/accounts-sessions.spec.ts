/**
 * Your devices (/account/settings/sessions; ASVS 7.4.3) end to end in Chromium against the built app and the real
 * server: a member sees every signed-in browser (device, signed in, last active, this device marked), signs one of
 * them out, then all the others; the page has its own title and no axe violations.
 */
import AxeBuilder from '@axe-core/playwright';
import { test } from './fixtures.ts';
import { ACCOUNT_TEST_TIMEOUT, createMember, expect, submitSignIn, toast } from './accounts.helpers.ts';

test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT });

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

test('a member lists their sessions and signs out another device, then all the others', async ({ page, request, browser, consoleErrors }) => {
  // `request` created the account: one session; a second browser (another user agent): another
  const member = await createMember(request, 'Noor');
  const other = await browser.newContext({ userAgent: FIREFOX_LINUX, baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto('/account/signin');
  await submitSignIn(otherPage, member.email, member.password);
  await expect(otherPage).toHaveURL(/\/account\/for-you$/);

  await page.goto('/account/signin');
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  await page.goto('/account/settings');
  await page.getByRole('main').getByRole('link', { name: /^Your devices Where you are signed in/ }).click();
  await expect(page).toHaveURL(/\/account\/settings\/sessions$/);
  await expect(page).toHaveTitle('Your devices | Harbor Coffee');
  await expect(page.getByRole('heading', { name: 'Your devices', level: 1 })).toBeVisible();

  const list = page.getByRole('list', { name: 'Signed-in devices' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const mine = list.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(/Chrome on (Windows|Linux)/);
  await expect(mine.getByRole('button')).toHaveCount(0);
  await expect(mine.getByText('Signed in')).toBeVisible();
  await expect(mine.getByText('Last active')).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // sign out the Firefox browser: it is signed out at its next request, this one is not
  await page.getByRole('button', { name: 'Sign out: Firefox on Linux' }).click();
  await expect(toast(page)).toContainText('Signed out of that device.');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const theirs = await otherPage.request.get('/apiproxy/v1/session');
  expect((await theirs.json()).signedIn).toBe(false);

  // then every other one (the API client that created the account)
  await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await expect(toast(page)).toContainText('Signed out of all other devices.');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('No other device is signed in.')).toBeVisible();
  expect((await (await request.get('/apiproxy/v1/session')).json()).signedIn).toBe(false);
  expect((await (await page.request.get('/apiproxy/v1/session')).json()).signedIn).toBe(true);

  // keyboard: the settings navigation reaches the page
  await page.goto('/account/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Your devices' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/settings\/sessions$/);
  await other.close();
  expect(consoleErrors).toEqual([]);
});
