/**
 * Shared Playwright fixtures: an API helper that behaves like the browser app (cookies + CSRF header),
 * sign-in through the real form, reading the development outbox, and fresh users per test.
 */
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  member: { email: 'demo@example.com', password: 'Harbor-Demo-2026', firstName: 'Avery' },
  regular: { email: 'regular@example.com', password: 'Harbor-Demo-2026', firstName: 'Jordan' },
} as const;

export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/apiproxy/v1/session');
  const state = await request.storageState();
  const token = state.cookies.find((c) => c.name === 'csrf')?.value ?? '';
  return { 'x-csrf-token': token };
}

export async function apiPost(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(`/apiproxy/v1${path}`, { data, headers: await csrfHeaders(request) });
  return { status: res.status(), json: await res.json().catch(() => undefined) };
}

/**
 * Account creation over the API, as a client behind the e2e server's trusted proxy (TRUST_PROXY=loopback in
 * playwright.config.ts): each call comes from its own documentation address (198.18.0.0/15, RFC 2544), so the
 * production limit of 50 creations per IP per hour (server/routes/account.ts CREATE_PER_IP_PER_HOUR) stays on
 * and the suite, which creates over 50 members, never trips it. Accounts created through the form in the
 * browser still come from 127.0.0.1 and count against that address.
 */
let creations = 0;
export async function apiCreateAccount(request: APIRequestContext, data: Record<string, unknown>) {
  creations += 1;
  const from = `198.${18 + (process.pid % 2)}.${(process.pid >> 1) % 256}.${creations % 250 + 1}`;
  const headers = { ...(await csrfHeaders(request)), 'x-forwarded-for': from };
  const res = await request.post('/apiproxy/v1/account/create', { data, headers });
  return { status: res.status(), json: await res.json().catch(() => undefined) };
}

let counter = 0;
export function uniqueEmail(prefix = 'e2e') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.com`;
}

export interface OutboxMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  kind: string;
  /** the 6-digit code in the body, if any */
  code: string | null;
  createdAt: string;
}

/** Outbox rows for one recipient (optionally of one kind), newest first (development-only endpoint). */
export async function outboxFor(request: APIRequestContext, recipient: string, kind?: string): Promise<OutboxMessage[]> {
  const query = new URLSearchParams({ recipient, ...(kind ? { kind } : {}) });
  const res = await request.get(`/apiproxy/v1/dev/outbox?${query}`);
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { messages: OutboxMessage[] };
  return body.messages;
}

/** Signs in through the real sign-in page. */
export async function signInThroughForm(page: Page, email: string, password: string, returnUrl?: string) {
  await page.goto(`/account/signin${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ''}`);
  await page.getByLabel(/username or email/i).fill(email);
  await page.getByLabel(/^\W*password$/i).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // (the fixture callback is named `provide`, not `use`: the React hooks lint rule reads `use(...)` as a hook)
  consoleErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await provide(errors);
  },
});
export { expect };
