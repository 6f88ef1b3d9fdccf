/**
 * Email and password changes end to end (spec 2 sections 2 "Personal details and settings", 4 "Email change"
 * and "Password change", 6) in Chromium against the built app and the real server: the code sent to the new
 * address (read from the development outbox), the re-authentication before the password page, and signing in
 * with the new email and the new password.
 */
import type { Page } from '@playwright/test';
import { DEMO, test, uniqueEmail } from './fixtures.ts';
import {
  ACCOUNT_TEST_TIMEOUT,
  createMember,
  expect,
  expectFieldError,
  greeting,
  latestCode,
  latestMessage,
  NEW_PASSWORD,
  submitSignIn,
  toast,
  wrongCodeFor,
} from './accounts.helpers.ts';

test.describe.configure({ mode: 'parallel', timeout: ACCOUNT_TEST_TIMEOUT });

const INVALID_CREDENTIALS = 'The email or password you entered is not valid. Please try again.';
const WRONG_PASSWORD = 'The password you entered is not valid. Please try again.';

const settingsNav = (page: Page) => page.getByRole('navigation', { name: 'Settings' });

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('a member changes the email address with the code sent to the new address, then signs in with it', async ({ page, request, consoleErrors }) => {
  const member = await createMember(request, 'Eve');
  const newEmail = uniqueEmail('changed');
  await page.goto('/account/signin');
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);

  // no change pending: the enter-code page sends back to the form
  await page.goto('/account/settings/edit-email/enter-code');
  await expect(page).toHaveURL(/\/account\/settings\/edit-email$/);

  await page.goto('/account/settings');
  await settingsNav(page).getByRole('link', { name: 'Email address' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/edit-email$/);
  await expect(page.getByRole('heading', { name: 'Change email address', level: 1 })).toBeVisible();
  await expect(page.getByText(`Your email address is ${member.email}.`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Change email address' });
  const newEmailField = form.getByLabel('* New email address', { exact: true });
  const passwordField = form.getByLabel('* Password', { exact: true });
  const send = form.getByRole('button', { name: 'Send code' });

  // a wrong password
  await newEmailField.fill(newEmail);
  await passwordField.fill('Not-My-Password-9');
  await send.click();
  await expectFieldError(passwordField, WRONG_PASSWORD);

  await passwordField.fill(member.password);
  await send.click();
  await expect(page).toHaveURL(/\/account\/settings\/edit-email\/enter-code$/);
  await expect(page.getByRole('heading', { name: 'Enter your code', level: 1 })).toBeVisible();
  // the server keeps the pending change: a reload stays on the code step
  await page.reload();
  const codeForm = page.getByRole('form', { name: 'Enter your code' });
  await expect(codeForm).toContainText(`We sent a 6-digit code to ${newEmail}`);

  const code = await latestCode(request, newEmail, 'email-change-code');
  const codeField = codeForm.getByLabel('Code', { exact: true });
  await codeField.fill(wrongCodeFor(code));
  await codeForm.getByRole('button', { name: 'Verify' }).click();
  await expectFieldError(codeField, 'The code you entered is not valid. Please try again.');
  await codeField.fill(code);
  await codeForm.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(toast(page)).toContainText('Your email address has been updated.');
  await expect(page.getByRole('main').getByText(newEmail)).toBeVisible();
  // the old address is told
  expect((await latestMessage(request, member.email, 'email-changed')).channel).toBe('email');

  await signOut(page);
  await page.goto('/account/signin');
  await submitSignIn(page, member.email, member.password);
  await expect(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
  await submitSignIn(page, newEmail, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  await expect(greeting(page, 'Eve')).toBeVisible();

  // an address that has an account is not revealed (docs/security-accounts.md): the same code step, but no code
  // is sent and that address's owner is told instead
  await page.goto('/account/settings/edit-email');
  await newEmailField.fill(DEMO.member.email);
  await passwordField.fill(member.password);
  await send.click();
  await expect(page).toHaveURL(/\/account\/settings\/edit-email\/enter-code$/);
  await expect(codeForm).toContainText(`We sent a 6-digit code to ${DEMO.member.email}`);
  expect((await latestMessage(request, DEMO.member.email, 'email-change-taken')).channel).toBe('email');
  expect(consoleErrors).toEqual([]);
});

test('a member changes the password after re-authenticating, then signs in with the new one', async ({ page, request, consoleErrors }) => {
  const member = await createMember(request, 'Pia');
  await page.goto('/account/signin');
  await submitSignIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/account\/for-you$/);

  await page.goto('/account/settings');
  await settingsNav(page).getByRole('link', { name: 'Password' }).click();
  await expect(page).toHaveURL(/\/account\/settings\/password$/);
  // a password sign-in is not a recent second factor: confirm it's you first
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  const reauth = page.getByRole('form', { name: 'Confirm your password' });
  await reauth.getByLabel('* Password', { exact: true }).fill(member.password);
  await reauth.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Change password' });
  const next = form.getByLabel('* New password', { exact: true });
  const save = form.getByRole('button', { name: 'Save password' });
  // the re-authentication has just checked the password: the form does not ask for it again
  await expect(form.getByText('You confirmed your password a moment ago, so you only need to choose a new one.')).toBeVisible();
  await expect(form.getByLabel('* Current password', { exact: true })).toHaveCount(0);

  await next.fill(member.password);
  await save.click();
  await expectFieldError(next, 'Choose a password you have not used recently.');

  await next.fill('short');
  await save.click();
  await expectFieldError(next, 'Use at least 8 characters.');

  await next.fill(NEW_PASSWORD);
  await save.click();
  await expect(page).toHaveURL(/\/account\/settings$/);
  await expect(toast(page)).toContainText('Your password has been updated');
  // this session stays signed in
  await expect(greeting(page, 'Pia')).toBeVisible();
  expect((await latestMessage(request, member.email, 'password-changed')).channel).toBe('email');

  await signOut(page);
  await page.goto('/account/signin');
  await submitSignIn(page, member.email, member.password);
  await expect(page.getByRole('alert').filter({ hasText: INVALID_CREDENTIALS })).toBeVisible();
  await submitSignIn(page, member.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  await expect(greeting(page, 'Pia')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
