/**
 * Sign-in, sign-out, single sign-on and the sign-in guard end to end (spec 2 sections 2 "Sign-in and session",
 * 4 "Sign-in" and "Single sign-on", 5 "Sign-in", 6, 8 "Account and session") in Chromium against the built app
 * and the real server. Each test makes its own member over the API (its own cookie jar): the page starts as a guest.
 */
import type { Page } from '@playwright/test';
import { apiPost, test } from './fixtures.ts';
import {
  ACCOUNT_TEST_TIMEOUT,
  createMember,
  expect,
  expectFieldError,
  greeting,
  onOwnOrigin,
  pageSession,
  persistentNotification,
  shot,
  signInForm,
  submitSignIn,
} from './accounts.helpers.ts';

test.describe.configure({ mode: 'parallel', timeout: ACCOUNT_TEST_TIMEOUT });

const INVALID_CREDENTIALS = 'The email or password you entered is not valid. Please try again.';

/** The answer to the next sign-in POST. */
const signInAnswer = (page: Page) => page.waitForResponse((r) => r.url().includes('/apiproxy/v1/account/signin') && r.request().method() === 'POST');

test('a member signs in through the form, lands on /account/for-you, signs out, and signs in again to the return URL', async ({ page, request, consoleErrors }) => {
  const member = await createMember(request, 'Sam');
  await page.goto('/account/signin');
  // logo-only navigation: no menu, no sign-in buttons
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/account/forgot-password');
  await expect(page.getByRole('link', { name: 'Join now' })).toHaveAttribute('href', '/account/create');
  await shot(page, 'signin');

  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  // the home page (docs/home.md 1): its greeting names the member, and the header's 'Hi, Sam' links to it
  await expect(page.getByRole('heading', { level: 1, name: /(morning|afternoon|evening), Sam/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hi, Sam' })).toHaveAttribute('href', '/account/for-you');
  await expect(greeting(page, 'Sam')).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect((await pageSession(page)).signedIn).toBe(false);

  await page.goto(`/account/signin?returnUrl=${encodeURIComponent('/account/settings/privacy')}`);
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/settings\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
  expect(await pageSession(page)).toMatchObject({ signedIn: true, user: { email: member.email } });
  expect(consoleErrors).toEqual([]);
});

test('empty fields say what is missing and send nothing', async ({ page }) => {
  let posted = 0;
  page.on('request', (r) => {
    if (r.url().includes('/apiproxy/v1/account/signin') && r.method() === 'POST') posted += 1;
  });
  await page.goto('/account/signin');
  const f = signInForm(page);
  await f.submit.click();
  await expectFieldError(f.username, 'Enter an email/username.');
  await expectFieldError(f.password, 'Enter a password.');
  await expect(f.username).toBeFocused();

  await f.username.fill('someone@example.com');
  await f.submit.click();
  await expect(f.username).not.toHaveAttribute('aria-invalid', 'true');
  await expectFieldError(f.password, 'Enter a password.');
  await expect(f.password).toBeFocused();
  await shot(page, 'signin-empty-fields');
  expect(posted).toBe(0);
});

test('a wrong password or an unknown email shows the invalid-credentials message inline; the right password then works', async ({ page, request }) => {
  const member = await createMember(request, 'Wren');
  await page.goto('/account/signin');

  let answered = signInAnswer(page);
  await submitSignIn(page, member.email, 'Not-The-Password-1');
  expect((await answered).status()).toBe(401);
  await expect(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/signin$/);
  // a messageId from the server shows inline, not the persistent notification
  await expect(persistentNotification(page)).toHaveCount(0);
  await shot(page, 'signin-invalid-credentials');

  // an unknown email: the same answer (no account enumeration)
  answered = signInAnswer(page);
  await submitSignIn(page, `nobody.${member.email}`, 'Not-The-Password-1');
  expect((await answered).status()).toBe(401);
  await expect(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
  expect((await pageSession(page)).signedIn).toBe(false);

  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  await expect(greeting(page, 'Wren')).toBeVisible();
});

test('a server error shows the persistent "Sign in unsuccessful." notification until it is dismissed', async ({ page, request }) => {
  const member = await createMember(request, 'Eli');
  await page.route('**/apiproxy/v1/account/signin', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { code: 'UNEXPECTED_ERROR', message: 'internal details' } }) : route.fallback(),
  );
  await page.goto('/account/signin');
  await submitSignIn(page, member.email, member.password);

  const notice = persistentNotification(page);
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Sign in unsuccessful.');
  await expect(notice).toContainText('Sorry, we were unable to log you in. Please try again.');
  await expect(notice).not.toContainText('internal details');
  await expect(page).toHaveURL(/\/account\/signin$/);
  await expect(signInForm(page).submit).toBeEnabled();
  await shot(page, 'signin-unsuccessful');

  // persistent: still there after a toast would have gone (4 s) and after editing the form; gone when dismissed
  await signInForm(page).password.fill('something else');
  await page.waitForTimeout(5_000);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);

  // the server itself is fine: without the fault the same credentials sign in
  await page.unroute('**/apiproxy/v1/account/signin');
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);
});

test('after 5 failures sign-in is throttled for new browsers, the right password included (rate-limit message); the device that signed in before still gets in', async ({ page, request }) => {
  // `request` created the account, so it is a known device of the member (HttpOnly device cookie)
  const member = await createMember(request, 'Lux');
  for (let i = 0; i < 5; i += 1) {
    // from this page's browser, which never signed in
    const r = await apiPost(page.request, '/account/signin', { username: member.email, password: `Wrong-Password-${i}` });
    expect(r.status).toBe(401);
  }
  await page.goto('/account/signin');
  const answered = signInAnswer(page);
  await submitSignIn(page, member.email, member.password);
  expect((await answered).status()).toBe(429);
  await expect(page.getByRole('alert').filter({ hasText: 'Too many attempts. Please wait a few minutes and try again.' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/signin$/);
  expect((await pageSession(page)).signedIn).toBe(false);
  // no lockout an attacker can aim at the member: their known device signs in with the right password
  const known = await apiPost(request, '/account/signin', { username: member.email, password: member.password });
  expect(known.status).toBe(200);
});

test('a guest opening /account/settings is sent to sign-in with the return URL and comes back after signing in', async ({ page, request }) => {
  const member = await createMember(request, 'Gus');
  await page.goto('/account/settings');
  await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Faccount%2Fsettings$/);
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
});

test('an external return URL is never followed (sign-in, sign-out, single sign-on)', async ({ page, request }) => {
  const member = await createMember(request, 'Ira');
  const external: string[] = [];
  await page.route((url) => url.hostname === 'evil.example' || url.hostname.endsWith('.evil.example'), (route) => {
    external.push(route.request().url());
    return route.abort();
  });

  for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
    await page.goto(`/account/signin?returnUrl=${encodeURIComponent(bad)}`);
    await submitSignIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/account\/for-you$/);
    await expect(greeting(page, 'Ira')).toBeVisible();

    await page.goto(`/account/signout?returnUrl=${encodeURIComponent(bad)}`);
    await expect(page).toHaveURL(onOwnOrigin('/'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  }

  // a same-origin return URL is followed by sign-out
  await page.goto('/account/signin');
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  await page.goto(`/account/signout?returnUrl=${encodeURIComponent('/menu')}`);
  await expect(page).toHaveURL(/\/menu$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  // minted from this browser (page.request shares its cookies): a link is bound to the browser that asked for it
  const minted = await apiPost(page.request, '/dev/sso-token', { email: member.email });
  expect(minted.status, JSON.stringify(minted.json)).toBe(200);
  await page.goto(`/account/signin/sso/${minted.json.token}?returnUrl=${encodeURIComponent('https://evil.example/')}`);
  await expect(page).toHaveURL(onOwnOrigin('/account/for-you'));
  await expect(greeting(page, 'Ira')).toBeVisible();
  expect(external).toEqual([]);
});

test('single sign-on: a minted token signs in and opens the return URL once; reusing it goes to sign-in', async ({ page, request }) => {
  const member = await createMember(request, 'Sol');
  // minted from this browser (page.request shares its cookies): a link is bound to the browser that asked for it
  const minted = await apiPost(page.request, '/dev/sso-token', { email: member.email });
  expect(minted.status, JSON.stringify(minted.json)).toBe(200);
  const token = minted.json.token as string;
  const url = `/account/signin/sso/${token}?returnUrl=${encodeURIComponent('/account/settings')}`;

  await page.goto(url);
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(greeting(page, 'Sol')).toBeVisible();
  expect(await pageSession(page)).toMatchObject({ signedIn: true, user: { email: member.email } });

  // single use: the second time the sign-in page opens, carrying the return URL
  await page.goto(url);
  await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Faccount%2Fsettings$/);
  await expect(signInForm(page).form).toBeVisible();
  expect((await pageSession(page)).signedIn).toBe(false);
  // and signing in there still comes back to the return URL
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/settings$/);
});

test('keep me signed in: checked gives a 30-day cookie, unchecked a browser-session cookie; every sign-in a new token', async ({ page, request }) => {
  const member = await createMember(request, 'Kit');
  const sid = async () => (await page.context().cookies()).find((c) => c.name === 'sid');

  await page.goto('/account/signin');
  await expect(signInForm(page).form.getByRole('checkbox', { name: 'Keep me signed in' })).not.toBeChecked();
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  const browserSession = await sid();
  expect(browserSession?.httpOnly).toBe(true);
  expect(browserSession?.expires).toBe(-1);

  await page.goto('/account/signin');
  await signInForm(page).form.getByRole('checkbox', { name: 'Keep me signed in' }).check();
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  const remembered = await sid();
  expect(remembered?.value).not.toBe(browserSession?.value);
  expect(remembered?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
});

test('variants change the headings of sign-in and create; the join link keeps the variant and return URL; unknown variants are ignored', async ({ page }) => {
  await page.goto(`/account/signin?variant=promo&returnUrl=${encodeURIComponent('/menu')}`);
  await expect(page.getByRole('heading', { name: 'Sign in to redeem this offer', level: 1 })).toBeVisible();
  await expect(page.getByText('Create an account to redeem the offer.', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Join now' }).click();
  await expect(page).toHaveURL(/\/account\/create\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ returnUrl: '/menu', variant: 'promo' });
  await expect(page.getByRole('heading', { name: 'Create an account to redeem this offer', level: 1 })).toBeVisible();

  await page.goto('/account/signin?variant=hotel-link');
  await expect(page.getByRole('heading', { name: 'Link your hotel partner account', level: 1 })).toBeVisible();
  await page.goto('/account/signin?variant=hotel-unlink');
  await expect(page.getByRole('heading', { name: 'Unlink your hotel partner account', level: 1 })).toBeVisible();
  await page.goto('/account/create?variant=airline');
  await expect(page.getByRole('heading', { name: 'Join to finish linking your accounts', level: 1 })).toBeVisible();
  await page.goto('/account/signin?variant=nonsense');
  await expect(page.getByRole('heading', { name: 'Sign in or create an account', level: 1 })).toBeVisible();
});
