/**
 * Every in-app page a machine sends the user to. Machines stay pure (no router import), so the table is plain
 * data; `src/services/app-paths.ts` checks it against the router's route tree at compile time: a path or pattern
 * here that is not a route fails `npm run typecheck` (docs/machines.md "Navigation").
 *
 * - `PATHS`: fixed pages, written exactly as the router's `to`.
 * - `PATTERNS` + `pathTo`: pages with a path parameter; `pathTo.x(...)` fills the pattern `PATTERNS.x` (a unit test
 *   checks each builder against its pattern).
 * A return URL chosen by the visitor is not in this table: it is checked same-origin by contracts/return-url.ts.
 */
import { PATHS } from './app-page-paths.ts';

export { PATHS };

export const PATTERNS = {
  card: '/account/cards/$cardId',
  partialSuccess: '/account/create/partial-success/$message',
  forgotPasswordReset: '/account/forgot-password-reset/$token',
  gift: '/gift/$productNumber',
  giftCategory: '/gift/category/$categoryUrn',
  optInResult: '/rewards/promo/opt-in/$result',
  hotelPartner: '/rewards/partnerships/$hotelPartner',
  hotelPartnerRedirect: '/rewards/partnerships/$hotelPartner/redirect',
  hotelPartnerSub: '/rewards/partnerships/$hotelPartner/$sub',
  receipt: '/account/history/$orderId',
  /** the order tracker (docs/order-status.md 1) */
  orderStatus: '/menu/order/$orderId',
  /** the barista console (docs/order-status.md 1), staff only */
  storeOrders: '/store/$storeNumber/orders',
} as const;

const fill = (pattern: string, value: string) => pattern.replace(/\$[A-Za-z]+/, encodeURIComponent(value));
/** a path with its query, the parameters without a value left out */
const withQuery = (path: string, query: Record<string, string | null>) => {
  const q = Object.entries(query).filter((e): e is [string, string] => !!e[1]).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return q ? `${path}?${q}` : path;
};

export const pathTo = {
  /** the order tracker; a guest's token rides in the fragment (never sent to the server by the browser) */
  orderStatus: (orderId: string, orderToken: string | null = null) => `${fill(PATTERNS.orderStatus, orderId)}${orderToken ? `#token=${encodeURIComponent(orderToken)}` : ''}`,
  /** the barista console of a store (the short store number) */
  storeOrders: (storeNumber: string) => fill(PATTERNS.storeOrders, storeNumber),
  card: (cardId: string) => fill(PATTERNS.card, cardId),
  partialSuccess: (message: string) => fill(PATTERNS.partialSuccess, message),
  forgotPasswordReset: (token: string) => fill(PATTERNS.forgotPasswordReset, token),
  gift: (productNumber: string) => fill(PATTERNS.gift, productNumber),
  giftCategory: (categoryUrn: string) => fill(PATTERNS.giftCategory, categoryUrn),
  /** a bonus offer's opt-in result page (spec 3 section 2: success, expired, error...) */
  optInResult: (result: string) => fill(PATTERNS.optInResult, result),
  /** the gift form's payment modal (`#payment`), where add-payment comes back to with the form kept */
  giftPayment: (productNumber: string) => `${fill(PATTERNS.gift, productNumber)}#payment`,
  /**
   * add a payment method for a gift and come back to its `#payment` (docs/gifting.md 1): a member goes to the
   * payment-method list, a guest to the single-use billing address (then the guest card page)
   */
  giftAddPayment: (signedIn: boolean, productNumber: string) =>
    `${signedIn ? PATHS.paymentMethods : PATHS.addBillingAddress}?returnUrl=${encodeURIComponent(`${fill(PATTERNS.gift, productNumber)}#payment`)}`,
  /** sign-in, coming back to `returnUrl` (already checked same-origin) afterwards */
  signInThen: (returnUrl: string | null) => (returnUrl ? `${PATHS.signIn}?returnUrl=${encodeURIComponent(returnUrl)}` : PATHS.signIn),
  /** sign-in with a page variant (`hotel-link`, `hotel-unlink`, `promo`...), coming back to `returnUrl` afterwards */
  signInVariantThen: (variant: string, returnUrl: string) => `${PATHS.signIn}?returnUrl=${encodeURIComponent(returnUrl)}&variant=${encodeURIComponent(variant)}`,
  /** the hotel partner's landing, its redirect page and its result pages (docs/rewards.md 1) */
  hotelPartner: (slug: string) => fill(PATTERNS.hotelPartner, slug),
  hotelPartnerRedirect: (slug: string) => fill(PATTERNS.hotelPartnerRedirect, slug),
  hotelPartnerSub: (slug: string, sub: string) => fill(fill(PATTERNS.hotelPartnerSub, slug), sub),
  /** a receipt of the member's order history (docs/home.md 1) */
  receipt: (orderId: string) => fill(PATTERNS.receipt, orderId),
  /** the cards list with the error of a partly created account (spec 2: `mode=from_account_create`) */
  cardsAfterCreate: (code: string) => `${PATHS.cards}?mode=from_account_create&card_error=${encodeURIComponent(code)}`,
  /** a card page with one of its overlays open (`#pay`, `#add-money`, `#auto-reload`) */
  cardOverlay: (cardId: string, overlay: 'pay' | 'add-money' | 'auto-reload') => `${fill(PATTERNS.card, cardId)}#${overlay}`,
  /** the member's card page after a new billing address (its id), coming back to `returnUrl` (checked) when saved */
  addCreditCard: (billingAddressId: string | null, returnUrl: string | null) => withQuery(PATHS.addCreditCard, { billingAddressId, returnUrl }),
  /** a saved card's edit page */
  editCreditCard: (paymentMethodId: string) => withQuery(PATHS.editCreditCard, { paymentMethodId }),
  /** the store locator, choosing a store for the bag (`toCart`) */
  storeLocatorForCart: () => withQuery(PATHS.storeLocator, { toCart: 'true' }),
  /** previous orders with the success modal of the order just placed */
  orderPlaced: (orderId: string) => withQuery(PATHS.previousOrders, { placed: orderId }),
  /** add a payment method from the checkout: a member's list or a guest's single-use billing address, each coming back to `returnUrl` (issue 30) */
  checkoutAddPayment: (guest: boolean, returnUrl: string) => withQuery(guest ? PATHS.addBillingAddress : PATHS.paymentMethods, { returnUrl }),
  /** the guest's single-use card page, Continue going to `returnUrl` (checked) */
  guestCreditCard: (returnUrl: string | null) => withQuery(PATHS.guestCreditCard, { returnUrl }),
} as const;
