/**
 * Helpers of the accounts end-to-end suites (e2e/accounts-*.spec.ts): fresh members, the sandbox physical
 * cards, codes and links from the development outbox, the sign-in form and the session as the page sees it.
 * Every test makes its own users (uniqueEmail), so the two workers and the per-username lockout never collide.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect as baseExpect, outboxFor, test, uniqueEmail, apiCreateAccount } from './fixtures.ts';

/**
 * The accounts suites' `expect`: web-first assertions wait up to 30 s instead of 10 s. The e2e server hashes
 * passwords at the production cost (scrypt N=2^17, 128 MiB, about 0.6 s alone); on a 2-core machine under load
 * one sign-in was measured at 5 s and a password change (3 hashes) at 10.4 s. A passing assertion returns as soon
 * as it holds, so this only changes how long a failure takes to report. Test timeout: ACCOUNT_TEST_TIMEOUT.
 */
export const expect = baseExpect.configure({ timeout: 30_000 });
export const ACCOUNT_TEST_TIMEOUT = 180_000;

export const PASSWORD = 'Harbor-E2E-Pass-2026';
export const NEW_PASSWORD = 'Harbor-E2E-Changed-2026';

export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A new member created over the API with the test's `request` context (its own cookie jar: the page stays a
 * guest). Account creation is limited to 50 per IP per hour: apiCreateAccount (e2e/fixtures.ts) says how the
 * suite, which creates more, stays under it.
 */
export async function createMember(request: APIRequestContext, firstName = 'Ana', prefix = 'acct'): Promise<Member> {
  const member = { email: uniqueEmail(prefix), password: PASSWORD, firstName, lastName: 'Tester' };
  const res = await apiCreateAccount(request, {
    firstName: member.firstName,
    lastName: member.lastName,
    emailAddress: member.email,
    password: member.password,
    termsAndConditions: true,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return member;
}

/** Sandbox physical card i (1..200): number 60001000000000ii, PIN (i × 1234567 + 10000000) mod 10^8 (docs/accounts.md). */
export function sandboxCard(i: number) {
  return { number: `6000100000000${String(i).padStart(3, '0')}`, pin: String((i * 1234567 + 10_000_000) % 100_000_000).padStart(8, '0') };
}

/**
 * An active, unregistered sandbox card for this test attempt. Registration is permanent in the run's database,
 * so a retry or a repetition takes another card (i mod 10 = 0 is already registered, 9 is inactive).
 */
export function freshActiveCard(base: number) {
  const info = test.info();
  const active = Array.from({ length: 200 }, (_, k) => k + 1).filter((i) => i >= base && i % 10 !== 0 && i % 10 !== 9);
  return sandboxCard(active[info.retry + 3 * info.repeatEachIndex]!);
}

/** The newest outbox message of a kind for a recipient (waits for it: the server writes it before answering). */
export async function latestMessage(request: APIRequestContext, recipient: string, kind: string, after = 0) {
  let found: Awaited<ReturnType<typeof outboxFor>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await outboxFor(request, recipient, kind)).find((m) => m.id > after);
      return found !== undefined;
    }, { message: `an outbox "${kind}" message to ${recipient}` })
    .toBe(true);
  return found!;
}

/** The id of the newest outbox message of a kind for a recipient (0 when none): later messages are newer. */
export async function lastMessageId(request: APIRequestContext, recipient: string, kind: string) {
  return (await outboxFor(request, recipient, kind))[0]?.id ?? 0;
}

export async function latestCode(request: APIRequestContext, recipient: string, kind: string, after = 0) {
  const m = await latestMessage(request, recipient, kind, after);
  expect(m.code, m.body).toMatch(/^[0-9]{6}$/);
  return m.code!;
}

/** A 6-digit code that is certainly not `code`. */
export function wrongCodeFor(code: string) {
  return code === '000000' ? '111111' : '000000';
}

/** A 10-digit phone number of this test only (SMS outbox rows are addressed to the number). */
let phoneCounter = 0;
export function uniquePhone() {
  phoneCounter += 1;
  const n = (Date.now() * 7 + process.pid * 131 + phoneCounter * 9973) % 10_000_000;
  return `206${String(n).padStart(7, '0')}`;
}

/** Matches a URL on the test server's own origin with exactly this path (and query). */
export function onOwnOrigin(path: string) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  return new RegExp(`^${(origin + path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** The path (and query) of an absolute or relative link, to open it on the test server's origin. */
export function pathOf(link: string) {
  const u = new URL(link, 'http://placeholder.invalid');
  return `${u.pathname}${u.search}`;
}

// ---------------------------------------------------------------------------------------------------------
// page helpers

export const signInForm = (page: Page) => {
  const form = page.getByRole('form', { name: 'Sign in' });
  return {
    form,
    username: form.getByLabel('* Username or email address', { exact: true }),
    password: form.getByLabel('* Password', { exact: true }),
    submit: form.getByRole('button', { name: 'Sign in', exact: true }),
  };
};

/** Fills and submits the sign-in form on the current page. */
export async function submitSignIn(page: Page, email: string, password: string) {
  const f = signInForm(page);
  await f.username.fill(email);
  await f.password.fill(password);
  await f.submit.click();
}

/** The greeting link of the global navigation (only when signed in). */
export const greeting = (page: Page, firstName: string) => page.getByRole('banner').getByRole('link', { name: `Hi, ${firstName}`, exact: true });

export const toast = (page: Page) => page.getByTestId('toast');
export const persistentNotification = (page: Page) => page.getByTestId('persistent-notification');

/** The session as the page's cookies see it (page.request shares the browser context's cookie jar). */
export async function pageSession(page: Page): Promise<{ signedIn: boolean; user: { email: string; firstName: string } | null; mfaVerifiedAt: string | null }> {
  const res = await page.request.get('/apiproxy/v1/session');
  expect(res.ok()).toBeTruthy();
  return res.json();
}

/** The input is marked invalid and its accessible description carries the error text. */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

/**
 * A screenshot into the test's output folder, full page from the top by default (scrolled, the sticky navigation
 * would be stitched into the middle). Overlays: the viewport only (a backdrop covers the viewport, not the page).
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}) {
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}
