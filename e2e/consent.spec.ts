/**
 * Issue 11 end to end (docs/consent.md): a third-party client runs the OAuth 2.0 dance against the real server
 * (the development sample client /dev/oauth-client), privacy requests, cookie choices gating analytics, and an
 * unsubscribe link from the outbox.
 */
import type { Page } from '@playwright/test';
import { apiPost, outboxFor, signInThroughForm, test, uniqueEmail, apiCreateAccount } from './fixtures.ts';
import { ACCOUNT_TEST_TIMEOUT, createMember, expect, PASSWORD } from './accounts.helpers.ts';

test.describe.configure({ timeout: ACCOUNT_TEST_TIMEOUT });

async function connect(page: Page, scopes: string[]) {
  await page.goto('/dev/oauth-client');
  for (const s of ['account', 'card', 'payment', 'rewards']) await page.getByLabel(s, { exact: true }).setChecked(scopes.includes(s));
  await page.getByRole('button', { name: 'Connect with Harbor' }).click();
}

test('OAuth: a guest signs in first; Confirm gives a token that reads only its scopes; already authorized goes straight back; a revoked app is refused', async ({ page, request }) => {
  const member = await createMember(request, 'Olu', 'oauth');
  await connect(page, ['account', 'card']);
  // a verified (signed-in) member is required: the guest goes to sign-in and comes back with every parameter
  await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Foauth%2Fauthorize/);
  await page.getByLabel(/username or email/i).fill(member.email);
  await page.getByLabel(/^\W*password$/i).fill(PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Give access to your Harbor account?');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByText('By granting Harbor Sample App access to your account, this application will be able to:')).toBeVisible();
  await expect(page.locator('.consent-claims li')).toHaveText(['See your profile: your name and email address', 'See your cards, their balances and transactions']);
  await expect(page.locator('.consent-client img')).toHaveAttribute('src', '/oauth-clients/sample.svg');
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/dev\/oauth-client\/callback\?code=/);
  await expect(page.locator('#outcome')).toHaveText('token granted for scopes: account card');
  await expect(page.locator('#state')).toHaveText('state matches');
  await expect(page.locator('#reads')).toHaveText('done');
  await expect(page.locator('#read-account')).toContainText(`200 {"firstName":"Olu","lastName":"Tester","email":"${member.email}"}`);
  await expect(page.locator('#read-card')).toHaveText(/^200 \{"cards":\[/);
  await expect(page.locator('#read-payment')).toHaveText(/^403 /);
  await expect(page.locator('#read-rewards')).toHaveText(/^403 /);

  // already authorized for these scopes: status, then straight back with a new code (no form)
  await connect(page, ['account']);
  await expect(page).toHaveURL(/\/dev\/oauth-client\/callback\?code=/);
  await expect(page.locator('#outcome')).toHaveText('token granted for scopes: account');

  // the member revokes the app in settings: its token is refused at once
  await page.goto('/account/settings');
  await expect(page.getByText('Harbor Sample App')).toBeVisible();
  await page.getByRole('button', { name: 'Remove access for Harbor Sample App' }).click();
  await expect(page.getByText('Access removed. That app can no longer reach your account.')).toBeVisible();
  await expect(page.getByText('No apps have access to your account.')).toBeVisible();
  await page.goto('/dev/oauth-client/callback');
  await page.getByRole('button', { name: 'Read again' }).click();
  await expect(page.locator('#reads')).toHaveText('done');
  await expect(page.locator('#read-account')).toHaveText(/^401 /);
});

test('OAuth: Cancel returns error=access_denied with the state; a redirect URI that differs is refused with the error dialog', async ({ page, request }) => {
  const member = await createMember(request, 'Cai', 'oauth');
  await signInThroughForm(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/account\/signin/);
  await connect(page, ['rewards']);
  await expect(page.getByText('See your Stars balance')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dev\/oauth-client\/callback\?error=access_denied&state=[A-Za-z0-9_-]+$/);
  await expect(page.locator('#outcome')).toHaveText('error=access_denied');
  await expect(page.locator('#state')).toHaveText('state matches');

  const origin = new URL(page.url()).origin;
  const q = new URLSearchParams({ client_id: 'harbor-sample', response_type: 'code', redirect_uri: `${origin}/dev/oauth-client/callback/`, scope: 'account', state: 's', code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' });
  await page.goto(`/oauth/authorize?${q}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The redirect URI is not registered for this application.');
  await expect(page).toHaveURL(/\/oauth\/authorize/);
  await page.keyboard.press('Escape');
  await expect(page.getByText('This application sent a request we cannot accept. Go back to the application and try again.')).toBeVisible();

  await page.goto('/oauth/authorize?response_type=code');
  await expect(page.getByRole('dialog')).toContainText('Authorization details are missing or incomplete.');
});

test('privacy: a guest files a request and sees the confirmation; the platform parameter hides the cookie button; a member is redirected to privacy settings', async ({ page, request }) => {
  await page.goto('/personal-information');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Do Not Sell or Share My Personal Information');
  await expect(page).toHaveTitle(/^Do Not Sell or Share My Personal Information \|/);
  await expect(page.locator('.account-card > p')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Manage cookie preferences' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await page.getByLabel(/Email address/).fill('not-an-email');
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel(/Email address/).fill(uniqueEmail('privacy'));
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page).toHaveURL(/\/personal-information\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We got your submission');
  await expect(page.getByText(/^If this email is in our system, we've noted your preferences/)).toBeVisible();

  await page.goto('/personal-information?platform=ios');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Do Not Sell or Share My Personal Information');
  await expect(page.getByRole('button', { name: 'Manage cookie preferences' })).toHaveCount(0);

  const member = await createMember(request, 'Pia', 'privacy');
  await signInThroughForm(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/account\/signin/);
  await page.goto('/personal-information');
  await expect(page).toHaveURL(/\/account\/settings\/privacy$/);
  await expect(page.getByRole('status').filter({ hasText: 'We may share' })).toHaveText('We may share your personal information with advertising partners.');
  await page.getByRole('checkbox', { name: 'Do not sell or share my personal information' }).check();
  await expect(page.getByText('Saved: we will not sell or share your personal information.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You asked us not to sell or share your personal information.')).toBeVisible();
  // with the platform parameter a member still sees the form
  await page.goto('/personal-information?platform=android');
  await expect(page).toHaveURL(/\/personal-information\?platform=android$/);
});

test('cookie choices gate analytics; a recorded opt-out turns advertising off', async ({ page }) => {
  const loginClicks = () => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'login-click').length);
  await page.goto('/account/signin');
  await page.getByLabel(/username or email/i).fill('nobody@example.com');
  await page.getByLabel(/^\W*password$/i).fill('wrong-password-1');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByText(/The email or password you entered is not valid|Sign in unsuccessful/).first()).toBeVisible();
  expect(await loginClicks()).toBe(0);

  await page.goto('/privacy-statement');
  await page.getByRole('button', { name: 'Cookie preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /Necessary/ })).toBeDisabled();
  // Escape closes without saving
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Cookie preferences' }).click();
  await dialog.getByRole('checkbox', { name: /Analytics/ }).check();
  await dialog.getByRole('checkbox', { name: /Advertising/ }).check();
  await dialog.getByRole('button', { name: 'Save choices' }).click();
  await expect(dialog).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === 'cookie_prefs')?.value).toBe('a1d1');

  await page.goto('/account/signin');
  await page.getByLabel(/username or email/i).fill('nobody@example.com');
  await page.getByLabel(/^\W*password$/i).fill('wrong-password-1');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect.poll(loginClicks).toBe(1);

  // a privacy request from this browser: advertising off and locked in the dialog
  await page.goto('/personal-information');
  await page.getByLabel(/Email address/).fill(uniqueEmail('cookie'));
  await page.getByRole('button', { name: 'Submit request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We got your submission');
  await page.getByRole('button', { name: 'Cookie preferences' }).click();
  await expect(dialog.getByRole('checkbox', { name: /Advertising/ })).toBeDisabled();
  await expect(dialog.getByRole('checkbox', { name: /Advertising/ })).not.toBeChecked();
  await expect(dialog.getByText('Off: you asked us not to sell or share your personal information.')).toBeVisible();
});

test('unsubscribe: the outbox link turns the preference off; a forged link changes nothing', async ({ page, request }) => {
  const email = uniqueEmail('unsub');
  const created = await apiCreateAccount(request, { firstName: 'Uma', lastName: 'Tester', emailAddress: email, password: PASSWORD, termsAndConditions: true, receiveGeneralEmailCommunications: true, receivePersonalizedEmailCommunications: true });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  expect((await apiPost(request, '/dev/marketing-mail', { email, type: 'promotional' })).json.sent).toBe(true);
  const [mail] = await outboxFor(request, email, 'marketing-promotional');
  expect(mail!.link).toMatch(/^\/unsubscribe\?token=/);
  const headers = (mail as unknown as { headers: Record<string, string> }).headers;
  expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

  await page.goto(`${mail!.link!.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'))}`);
  await expect(page).toHaveURL(/\/unsubscribe\/complete\?success=false/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Can't unsubscribe");
  await expect(page.getByRole('link', { name: 'Change your preferences' })).toHaveAttribute('href', '/account/settings/communication-preferences');
  let prefs = await request.get('/apiproxy/v1/account/communication-preferences');
  expect((await prefs.json()).receiveGeneralEmailCommunications).toBe(true);

  await page.goto(mail!.link!);
  await expect(page).toHaveURL(/\/unsubscribe\/complete\?success=true&type=promotional$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're unsubscribed from promotional emails");
  prefs = await request.get('/apiproxy/v1/account/communication-preferences');
  expect(await prefs.json()).toMatchObject({ receiveGeneralEmailCommunications: false, receivePersonalizedEmailCommunications: true });

  expect((await apiPost(request, '/dev/marketing-mail', { email, type: 'personalized' })).json.sent).toBe(true);
  const [personal] = await outboxFor(request, email, 'marketing-personalized');
  await page.goto(personal!.link!);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("You're unsubscribed from emails based on your info");
  await expect(page.getByRole('link', { name: 'Manage communication preferences' })).toBeVisible();
});

test('tracking pixels after account creation fire with advertising consent only', async ({ page, context }) => {
  const pixels = () => page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'tracking-pixel').length);
  async function createAccount(prefix: string) {
    await page.goto('/account/create');
    const form = page.getByRole('form', { name: 'Create an account' });
    await form.getByLabel('* First name', { exact: true }).fill('Pix');
    await form.getByLabel('* Last name', { exact: true }).fill('Tester');
    await form.getByLabel('* Email address', { exact: true }).fill(uniqueEmail(prefix));
    await form.getByLabel('* Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('checkbox', { name: /^\* I agree to the .* Terms of Use/ }).check();
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/account\/for-you/);
  }
  // analytics only: no pixel
  await context.addCookies([{ name: 'cookie_prefs', value: 'a1d0', url: test.info().project.use.baseURL! }]);
  await createAccount('pixel.off');
  expect(await pixels()).toBe(0);
  await page.goto('/account/signout');
  await expect(page).not.toHaveURL(/signout/);
  // advertising chosen: the pixel fires
  await context.addCookies([{ name: 'cookie_prefs', value: 'a1d1', url: test.info().project.use.baseURL! }]);
  await createAccount('pixel.on');
  await expect.poll(pixels).toBe(1);
});
