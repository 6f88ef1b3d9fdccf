/**
 * Claiming an eGift from the link of its email, and the sender's gift history (docs/gifting.md 5 "claim from the
 * outbox link", "history lists the sent gift as claimed"). The purchase is made over the API (the gift form is
 * e2e/gifting-purchase.spec.ts): a fresh member with a saved card and billing address sends one $25 eGift to
 * another fresh member; the worker fulfils it and writes the eGift mail to the outbox, whose link
 * (/gift/claim#<token>) the recipient opens signed out, signs in from the claim page and adds the gift.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { apiPost, csrfHeaders, outboxFor, test } from './fixtures.ts';
import { createMember, expect, signInForm, submitSignIn, type Member } from './accounts.helpers.ts';

test.describe.configure({ mode: 'serial' });

const PRODUCT = '11000001';
let sender: Member;
let recipient: Member;
let link = '';
let lastFour = '';

async function savedCardWithAddress(api: APIRequestContext): Promise<string> {
  const address = await apiPost(api, '/graphql', {
    query: 'mutation CREATE_ADDRESS($input: AddressInput!) { createAddress(input: $input) { addressId } }',
    variables: { input: { type: 'Billing', firstName: 'Sam', lastName: 'Sender', addressLine1: '1 Harbor Way', city: 'Seattle', postalCode: '98101', countrySubdivision: 'WA', country: 'US' } },
  });
  expect(address.status, JSON.stringify(address.json)).toBe(200);
  const addressId = address.json.data.createAddress.addressId as string;
  const token = await apiPost(api, '/sandbox-processor/tokens', { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' });
  expect(token.status, JSON.stringify(token.json)).toBe(200);
  const method = await apiPost(api, '/account/payment-methods', { token: token.json.token, billingAddressId: addressId });
  expect(method.status, JSON.stringify(method.json)).toBe(200);
  return method.json.paymentMethod.paymentMethodId as string;
}

test.beforeAll(async ({ baseURL }) => {
  const senderApi = await playwrightRequest.newContext({ baseURL: baseURL! });
  const recipientApi = await playwrightRequest.newContext({ baseURL: baseURL! });
  try {
    sender = await createMember(senderApi, 'Sam', 'gift-sender');
    recipient = await createMember(recipientApi, 'Rita', 'gift-recipient');
    const paymentInstrumentId = await savedCardWithAddress(senderApi);
    const requestId = `e2e-claim-${Date.now().toString(36)}`;
    const purchase = await apiPost(senderApi, '/gift/gift-purchase', {
      requestId,
      orderSource: 'web',
      locale: 'en-US',
      currency: 'USD',
      paymentType: 'visa',
      paymentInstrumentId,
      senderEmail: sender.email,
      senderName: 'Sam Tester',
      egifts: [{ recipientEmail: recipient.email, recipientName: 'Rita', deliveryMethod: 'EMAIL', product: { productNumber: PRODUCT }, message: 'Coffee is on me', amount: { amount: 2500, currency: 'USD' } }],
      totalAmount: { amount: 2500, currency: 'USD' },
    });
    expect(purchase.status, JSON.stringify(purchase.json)).toBe(202);
    // the worker fulfils it (GIFT_WORKER_DELAY_MS in the e2e env makes that take a few seconds)
    await expect
      .poll(
        async () => {
          const status = await senderApi.get('/apiproxy/v1/gift/gift-purchase-status', { headers: { ...(await csrfHeaders(senderApi)), 'x-request-id': requestId } });
          return ((await status.json()) as { orderNumber: string | null }).orderNumber;
        },
        { timeout: 60_000 },
      )
      .toMatch(/^G[0-9]{11}$/);
    const [mail] = await outboxFor(senderApi, recipient.email, 'egift');
    expect(mail?.link).toMatch(/^\/gift\/claim#[A-Za-z0-9_-]{8,128}$/);
    link = mail!.link!;
  } finally {
    await senderApi.dispose();
    await recipientApi.dispose();
  }
});

test('a recipient claims the gift from the outbox link and sees its balance in /account/cards', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Add your eGift' })).toBeVisible();
  await expect(page.getByText('Sign in or create an account to add this gift to your cards.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
  // the token is never in a URL: sign-in comes back to /gift/claim, the token kept in the tab
  await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Fgift%2Fclaim$/);
  await expect(signInForm(page).username).toBeVisible();
  await submitSignIn(page, recipient.email, recipient.password);
  await expect(page).toHaveURL(/\/gift\/claim$/);
  await expect(page.getByText('A $25.00 eGift for you')).toBeVisible();
  const card = await page.getByText(/^Card •••• [0-9]{4}$/).textContent();
  lastFour = card!.slice(-4);
  await page.getByRole('button', { name: 'Add to my cards' }).click();
  await expect(page.getByTestId('toast')).toContainText('Gift added to your cards');
  await expect(page).toHaveURL(/\/account\/cards\/[^/]+$/);
  await page.goto('/account/cards');
  const tile = page.locator('.cards-tile').filter({ hasText: `•••• ${lastFour}` });
  await expect(tile).toContainText('Balance $25.00');
});

test('a second claim says so', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/account/signin');
  await submitSignIn(page, recipient.email, recipient.password);
  await expect(page).not.toHaveURL(/\/account\/signin/);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('This gift has already been claimed.');
  await expect(page.getByRole('link', { name: 'See my cards' })).toHaveAttribute('href', '/account/cards');
});

test('gift history lists the sent gift as claimed', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/account/history/egift');
  // sign-in required: the guard sends a guest to sign in and back
  await expect(page).toHaveURL(/\/account\/signin\?returnUrl=%2Faccount%2Fhistory%2Fegift$/);
  await submitSignIn(page, sender.email, sender.password);
  await expect(page).toHaveURL(/\/account\/history\/egift$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Gift history' })).toBeVisible();
  await expect(page.getByText('$25.00 each, total $25.00')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Birthday eGift: balloons rising over a coffee cup' })).toBeVisible();
  await expect(page.locator('.gift-history-recipients li').filter({ hasText: `Rita (${recipient.email})` })).toHaveText(`Rita (${recipient.email}) Claimed`);
  await expect(page).toHaveTitle('Gift history | Harbor Coffee');
});
