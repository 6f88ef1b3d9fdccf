/**
 * The fixed pages of the navigation table (machines/app-paths.ts re-exports them with the patterns and the `pathTo`
 * builders): a machine that sends the user only to fixed pages imports this module, so its page's first load does
 * not carry every builder (docs/architecture.md#performance). Written exactly as the router's `to`; checked against
 * the route tree by src/services/app-paths.ts (docs/machines.md "Navigation"). The entry imports it
 * (src/services/auth-guard.ts), so it is not a chunk of its own: the ~50 pages whose machines navigate no longer pay
 * a file for it (docs/architecture.md#the-header, issue 32).
 */
export const PATHS = {
  home: '/',
  menu: '/menu',
  cart: '/menu/cart',
  signIn: '/account/signin',
  createAccount: '/account/create',
  forYou: '/account/for-you',
  cards: '/account/cards',
  settings: '/account/settings',
  mfa: '/account/settings/mfa',
  editEmail: '/account/settings/edit-email',
  editEmailCode: '/account/settings/edit-email/enter-code',
  forgotPasswordSuccess: '/account/forgot-password/success',
  resetPasswordSuccess: '/account/reset-password-success',
  gift: '/gift',
  giftConfirmation: '/gift/confirmation',
  giftHistory: '/account/history/egift',
  giftClaim: '/gift/claim',
  paymentMethods: '/account/payment-method',
  addBillingAddress: '/account/payment-method/add/billing-address',
  curbsideSuccess: '/pickup/curbside/success',
  addCreditCard: '/account/payment-method/add/credit-card',
  editCreditCard: '/account/payment-method/edit/credit-card',
  guestCreditCard: '/account/payment-method/gift/guest/credit-card',
  history: '/account/history',
  storeLocator: '/menu/store-locator',
  previousOrders: '/menu/previous',
} as const;
