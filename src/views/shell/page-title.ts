import type { FileRoutesById } from '../../routeTree.gen.ts';

/**
 * Every route's document title (WCAG 2.4.2 "Page Titled"): the deepest matched route with an entry wins,
 * and the brand follows it ("Find a store | Harbor Coffee"). A route without an entry (one added later)
 * takes the text of its page's `<h1>` (RouteAnnouncer), so no page is ever titled by the brand alone.
 * Keyed by route id (src/routeTree.gen.ts): a renamed route is a type error here.
 */
export const routeTitles: Partial<Record<keyof FileRoutesById, string>> = {
  '/': 'Coffee to order ahead',
  '/store-locator': 'Find a store',
  '/store-locator/$': 'Find a store',
  '/store-locator_/delivery': 'Delivery',
  '/menu/': 'Menu',
  '/menu/store-locator': 'Choose a store',
  '/menu/store-locator/$': 'Choose a store',
  '/menu/store-locator_/delivery': 'Delivery',
  '/menu/previous': 'Previous orders',
  '/menu/order/$orderId': 'Order status',
  '/store/$storeNumber/orders': 'Store orders',
  '/menu/favorites': 'Favorites',
  '/pickup/': 'Pick up your order',
  '/pickup/curbside/': 'Curbside check-in',
  '/pickup/curbside/success': "You're checked in",
  '/menu/cart_/guest/checkout': 'Guest checkout',
  '/account/create': 'Create an account',
  '/account/create_/partial-success/$message': 'Account created',
  '/account/for-you': 'Home',
  '/account/forgot-password': 'Forgot password',
  '/account/forgot-password_/success': 'Check your email',
  '/account/forgot-password-reset/$token': 'Reset your password',
  '/account/reset-password/$token': 'Reset your password',
  '/account/reset-password-success': 'Password updated',
  '/account/personal': 'Personal info',
  '/account/personal/': 'Personal info',
  '/account/personal/partner': 'Partner number',
  '/account/profile': 'Profile',
  '/account/settings': 'Settings',
  '/account/settings/': 'Settings',
  '/account/settings/sessions': 'Your devices',
  '/account/settings/communication-preferences': 'Communication preferences',
  '/account/settings/edit-email': 'Change email',
  '/account/settings/edit-email_/enter-code': 'Enter your code',
  '/account/settings/mfa': '2-step verification',
  '/account/settings/mfa/': '2-step verification',
  '/account/settings/mfa/add-phone-number': 'Add a phone number',
  '/account/settings/mfa/edit-phone-number': 'Edit phone number',
  '/account/settings/password': 'Change password',
  '/account/settings/privacy': 'Privacy',
  '/account/signin': 'Sign in',
  '/account/signin_/sso/$token': 'Signing you in',
  '/account/signout': 'Signing you out',
  '/terms-of-use': 'Terms of Use',
  '/card-terms': 'Card Terms',
  '/privacy-statement': 'Privacy Statement',
  '/help/delivery-faq': 'Delivery FAQ',
  // the eGift catalog (docs/gifting.md 1); a category page is titled by its heading ('{name} eGifts')
  '/gift/': 'eGift cards',
  '/gift/$': 'eGift cards',
  // the gift form is titled by its heading, the design's alt text (docs/gifting.md 1)
  '/gift/confirmation': 'Your eGift is on its way',
  // the hotel partner (docs/rewards.md 1); its result pages are titled by their headings
  '/rewards/partnerships/$hotelPartner/': 'Link your accounts',
  '/rewards/partnerships/$hotelPartner/redirect': 'Taking you to Lodgecrest Rewards',
  // the eGift email's link and the sent-gift list (docs/gifting.md 1)
  '/gift/claim': 'Add your eGift',
  '/account/history/egift': 'Gift history',
  '/account/payment-method/': 'Payment methods',
  '/account/payment-method/add/billing-address': 'Add billing address',
  '/account/payment-method/edit/billing-address': 'Edit billing address',
  '/account/payment-method/add/credit-card': 'Add a card',
  '/account/payment-method/edit/credit-card': 'Edit card',
  '/account/payment-method/add/paypal': 'Add PayPal',
  '/account/payment-method/gift/guest/credit-card': 'Pay with a card',
  '/account/cards_/transfer': 'Transfer balance',
  '/oauth/authorize': 'Give access to your account',
  '/personal-information/': 'Do Not Sell or Share My Personal Information',
  '/personal-information/confirmation': 'We got your submission',
  '/unsubscribe/': 'Unsubscribing',
  // rewards (docs/rewards.md section 1)
  '/rewards/': 'Rewards',
  '/rewards/my-rewards': 'My Rewards',
  '/rewards/program': 'Harbor Rewards',
  '/account/rewards/': 'Rewards',
  '/account/rewards/how-it-works': 'How It Works',
  '/help/rewards': 'Rewards questions',
  // promo redemption and bonus opt-in (docs/rewards.md 1)
  '/rewards/promo/redeem': 'Redeem offer',
  '/rewards/bonus/$offerCode': 'Bonus offer',
  // order history and receipts (docs/home.md 1)
  '/account/history/': 'Order history',
  '/account/history/$orderId': 'Receipt',
};

/** "<page> | <brand>"; the brand alone only when there is no page title at all. */
export const documentTitle = (page: string | null | undefined, brand: string) => (page && page.trim() ? `${page.trim()} | ${brand}` : brand);
