/**
 * Password recovery end to end (spec 2 sections 2 "Password recovery", 4 "Password reset", 5 "Forgot password"
 * and "Reset password", 8 "Account and session") in Chromium against the built app and the real server: the
 * forgot-password form, the emailed link from the development outbox, the reset form's errors, signing in with
 * the new password, and the expired-link page when the link is used again.
 */
import { test, uniqueEmail } from './fixtures.ts';
import {
  ACCOUNT_TEST_TIMEOUT,
  createMember,
  expect,
  expectFieldError,
  greeting,
  latestMessage,
  NEW_PASSWORD,
  pathOf,
  shot,
  signInForm,
  submitSignIn,
} from './accounts.helpers.ts';

test.describe.configure({ mode: 'parallel', timeout: ACCOUNT_TEST_TIMEOUT });

const FORGOT_SUCCESS = "Thanks - if you have an account, we've sent you an email.";

test('forgot password: the email is required and must be valid; an unknown address gets the same answer', async ({ page, request }) => {
  await page.goto('/account/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Forgot password' });
  const email = form.getByLabel('* Email address', { exact: true });
  const send = form.getByRole('button', { name: 'Send reset link' });

  await send.click();
  await expectFieldError(email, 'Please enter your email address.');
  await expect(email).toBeFocused();
  await email.fill('someone@');
  await send.click();
  await expectFieldError(email, 'Please enter a valid email address.');
  await shot(page, 'forgot-password-errors');

  // no account enumeration: an address without an account gets the success page too, and (the same work on the
  // server) a note saying no account uses it, never a reset link
  const nobody = uniqueEmail('nobody');
  await email.fill(nobody);
  await send.click();
  await expect(page).toHaveURL(/\/account\/forgot-password\/success$/);
  await expect(page.getByText(FORGOT_SUCCESS)).toBeVisible();
  await page.getByRole('link', { name: 'Return to sign in' }).click();
  await expect(page).toHaveURL(/\/account\/signin$/);
  await expect(signInForm(page).form).toBeVisible();
  const mail = await request.get(`/apiproxy/v1/dev/outbox?recipient=${encodeURIComponent(nobody)}`);
  const messages = (await mail.json()).messages as Array<{ kind: string; link: string | null }>;
  expect(messages.map((m) => m.kind)).toEqual(['password-reset-no-account']);
  expect(messages[0]!.link).toBe('/account/create');
});

test('a forgotten password is reset from the emailed link; the new password signs in; the link then shows the expired page', async ({ page, request, consoleErrors }) => {
  const member = await createMember(request, 'Rae');

  await page.goto('/account/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/account\/forgot-password$/);
  await page.getByRole('form', { name: 'Forgot password' }).getByLabel('* Email address', { exact: true }).fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page).toHaveURL(/\/account\/forgot-password\/success$/);
  await expect(page.getByText(FORGOT_SUCCESS)).toBeVisible();

  const mail = await latestMessage(request, member.email, 'password-reset');
  expect(mail.link).toMatch(/\/account\/reset-password\/[^/?#]+$/);
  const resetPath = pathOf(mail.link!);
  const token = resetPath.split('/').pop()!;
  // the expired-link page checks the token first: a valid one goes to the form
  await page.goto(`/account/forgot-password-reset/${token}`);
  await expect(page).toHaveURL(new RegExp(`${resetPath}$`));
  await page.goto(resetPath);
  await expect(page).toHaveURL(new RegExp(`${resetPath}$`));
  await expect(page.getByRole('heading', { name: 'Create a new password', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Create a new password' });
  const newPassword = form.getByLabel('* New password', { exact: true });
  const save = form.getByRole('button', { name: 'Save password' });
  await shot(page, 'reset-password-form');

  // empty
  await save.click();
  await expectFieldError(newPassword, 'Add password');
  // too short (the form's own check)
  await newPassword.fill('short');
  await save.click();
  await expectFieldError(newPassword, 'Use at least 8 characters.');
  // 111022 from the server: too common
  await newPassword.fill('password');
  await save.click();
  await expectFieldError(newPassword, 'This password is too common. Choose a less common password.');
  // 111022: guessable though not on the list (zxcvbn-ts, the same check in the browser and on the server)
  await newPassword.fill('password!');
  await save.click();
  await expectFieldError(newPassword, 'This password is too easy to guess. Try a few unrelated words.');
  // 111022 from the server: the account's email address
  await newPassword.fill(member.email);
  await save.click();
  await expectFieldError(newPassword, 'Your password cannot be your email address.');
  // 111084 from the server: the current password
  await newPassword.fill(member.password);
  await save.click();
  await expectFieldError(newPassword, 'Choose a password you have not used recently.');
  await shot(page, 'reset-password-reused');

  await newPassword.fill(NEW_PASSWORD);
  await save.click();
  await expect(page).toHaveURL(/\/account\/reset-password-success$/);
  await expect(page.getByRole('heading', { name: 'Your password has been updated' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/signin$/);

  // the old password no longer works, the new one does
  await submitSignIn(page, member.email, member.password);
  await expect(page.getByRole('alert').filter({ hasText: 'The email or password you entered is not valid. Please try again.' })).toBeVisible();
  await submitSignIn(page, member.email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/account\/for-you$/);
  await expect(greeting(page, 'Rae')).toBeVisible();

  // the link is single use: opening it again shows the expired-link page
  await page.goto(resetPath);
  await expect(page).toHaveURL(new RegExp(`/account/forgot-password-reset/${token}$`));
  await expect(page.getByRole('heading', { name: 'Forgot password link expired' })).toBeVisible();
  await expect(page.getByText("If you'd still like to reset your password, we can send you another link.")).toBeVisible();
  await shot(page, 'reset-link-expired');
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/account\/forgot-password$/);
  expect(consoleErrors).toEqual([]);
});

test('asking for a second link makes the first one expire', async ({ page, request }) => {
  const member = await createMember(request, 'Ty');
  const ask = async () => {
    await page.goto('/account/forgot-password');
    await page.getByRole('form', { name: 'Forgot password' }).getByLabel('* Email address', { exact: true }).fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page).toHaveURL(/\/account\/forgot-password\/success$/);
  };
  await ask();
  const first = await latestMessage(request, member.email, 'password-reset');
  await ask();
  const second = await latestMessage(request, member.email, 'password-reset', first.id);
  expect(second.link).not.toBe(first.link);

  await page.goto(pathOf(first.link!));
  await expect(page.getByRole('heading', { name: 'Forgot password link expired' })).toBeVisible();
  await page.goto(pathOf(second.link!));
  await expect(page.getByRole('heading', { name: 'Create a new password', level: 1 })).toBeVisible();
});

test('an unknown reset token goes straight to the expired-link page', async ({ page }) => {
  const token = 'x'.repeat(43);
  await page.goto(`/account/reset-password/${token}`);
  await expect(page).toHaveURL(new RegExp(`/account/forgot-password-reset/${token}$`));
  await expect(page.getByRole('heading', { name: 'Forgot password link expired' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Create a new password' })).toHaveCount(0);
});
