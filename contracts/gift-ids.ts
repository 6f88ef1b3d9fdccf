/**
 * The gift routes' ids and storage keys (spec 3; docs/gifting.md sections 0 and 1), apart from contracts/gift.ts: a
 * route's `params.parse` and `beforeLoad` are in the entry chunk, and importing it from gift.ts brought every gift and card schema to every first load
 * (docs/architecture.md#performance). gift.ts re-exports them.
 */

/** spec 5, 9: exactly 8 digits */
export const GIFT_PRODUCT_NUMBER = /^[0-9]{8}$/;
/** category urns are slugs (path-safe; the spec does not show their form) */
export const GIFT_CATEGORY_URN = /^[a-z0-9-]{1,40}$/;
/** the only locale (spec 7 sends `locale`) */
export const GIFT_LOCALE = 'en-US';

/** sessionStorage keys (docs/gifting.md section 1) */
export const GIFT_FORM_STORAGE_KEY = 'harbor.giftForm';
export const GIFT_CONFIRMATION_STORAGE_KEY = 'harbor.giftConfirmation';
