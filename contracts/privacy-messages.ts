/**
 * The privacy and unsubscribe texts without the schemas: contracts/privacy.ts re-exports them, and the pages that
 * only show a text (the confirmation, unsubscribe's outcome) import this module, so their first load does not
 * carry the account schemas.
 */
export const PrivacyMessages = {
  title: 'Do Not Sell or Share My Personal Information',
  paragraphs: (brand: string) => [
    `${brand} does not sell your personal information for money. Some sharing with advertising partners, such as the cookies that show you our ads on other sites, can count as a "sale" or "sharing" under privacy laws.`,
    'Enter your email address below to ask us not to sell or share your personal information. We will apply your request to the information we hold under that email address, whether or not you have an account.',
    'Cookies are stored by your browser, so they are handled separately: use the cookie preferences to turn off advertising cookies on this browser.',
  ],
  emailLabel: 'Email address',
  submit: 'Submit request',
  manageCookies: 'Manage cookie preferences',
  confirmationHeading: 'We got your submission',
  confirmationText: "If this email is in our system, we've noted your preferences. It can take up to 15 days for them to take effect everywhere.",
  settingsHeading: 'Do Not Sell or Share My Personal Information',
  settingsOptedOut: 'You asked us not to sell or share your personal information.',
  settingsNotOptedOut: 'We may share your personal information with advertising partners.',
  settingsToggle: 'Do not sell or share my personal information',
} as const;

/** /unsubscribe/complete (spec 2 section 2; section 8 'Can't unsubscribe'). */
export const UnsubscribeMessages = {
  personalizedHeading: "You're unsubscribed from emails based on your info",
  promotionalHeading: "You're unsubscribed from promotional emails",
  parting: "We're sorry to see you go. You can choose which emails you get at any time.",
  managePreferences: 'Manage communication preferences',
  failedHeading: "Can't unsubscribe",
  failedText: 'Something unexpected went wrong and we could not unsubscribe you. Change your preferences in your account instead.',
  changePreferences: 'Change your preferences',
  working: 'Unsubscribing…',
} as const;
