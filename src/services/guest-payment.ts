/**
 * Guest payment (spec 2 §6: a guest pays with a single-use card and a single-use billing address; §9 guest
 * payment token max age 300000 ms; §4 Payment selection). The guest card page and the guest billing-address page
 * write here; the ordering and gifting checkouts read here. API and rules: docs/cards.md "Guest payment service".
 *
 * - Kept in sessionStorage (this tab only, gone when it closes), never localStorage, never a cookie: the card token
 *   is a bearer for one charge. The full number and security code are never here (only the processor's token,
 *   brand, last four and expiry).
 * - A card token older than GUEST_TOKEN_MAX_AGE_MS is cleared when read: `readGuestCard` answers `expired` once
 *   and the page asks for the card again.
 * - The address token (ADD_SINGLE_USE_BILLING_ADDRESS) lasts until its `expiresAt` (the server's hour).
 */
import { GUEST_TOKEN_MAX_AGE_MS } from '../../contracts/card-shared.ts';
import type { AddressInput, TokenizeResponse } from '../../contracts/cards.ts';

const CARD_KEY = 'harbor.guestPayment.card';
const ADDRESS_KEY = 'harbor.guestPayment.address';
const DETAILS_KEY = 'harbor.guestPayment.details';

export type GuestCard = TokenizeResponse;
export interface GuestAddress {
  addressToken: string;
  expiresAt: string;
  /** what the guest typed (shown on the card page and prefilled on edit); addressLine2 null when empty */
  address: Omit<AddressInput, 'type' | 'country'> & { addressLine2: string | null };
}
export type GuestCardRead = { status: 'none' } | { status: 'expired' } | { status: 'fresh'; card: GuestCard };

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
function readJson<T>(key: string): T | null {
  try {
    const raw = store()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** true when a card token made at `createdAt` may still be charged at `now` */
export const isGuestCardFresh = (card: Pick<GuestCard, 'createdAt'>, now = Date.now()) => {
  const at = Date.parse(card.createdAt);
  return Number.isFinite(at) && now - at < GUEST_TOKEN_MAX_AGE_MS;
};

/** The guest's single-use card: fresh, or `expired` (then cleared), or none. */
export function readGuestCard(now = Date.now()): GuestCardRead {
  const card = readJson<GuestCard>(CARD_KEY);
  if (!card) return { status: 'none' };
  if (!isGuestCardFresh(card, now)) {
    clearGuestCard();
    return { status: 'expired' };
  }
  return { status: 'fresh', card };
}
export function saveGuestCard(card: GuestCard) {
  store()?.setItem(CARD_KEY, JSON.stringify(card));
  changed();
}
export function clearGuestCard() {
  store()?.removeItem(CARD_KEY);
  changed();
}

/** The guest's single-use billing address, or null (none, or past its expiresAt: then cleared). */
export function readGuestAddress(now = Date.now()): GuestAddress | null {
  const a = readJson<GuestAddress>(ADDRESS_KEY);
  if (!a) return null;
  if (!(Date.parse(a.expiresAt) > now)) {
    store()?.removeItem(ADDRESS_KEY);
    return null;
  }
  return a;
}
export function saveGuestAddress(address: GuestAddress) {
  store()?.setItem(ADDRESS_KEY, JSON.stringify(address));
  changed();
}

/**
 * What a checkout charges: the card token and the address token, or null when either is missing or the card
 * expired (then send the guest to `addPaymentPath(false)` again).
 */
export function readGuestPayment(now = Date.now()): { card: GuestCard; address: GuestAddress } | null {
  const card = readGuestCard(now);
  const address = readGuestAddress(now);
  return card.status === 'fresh' && address ? { card: card.card, address } : null;
}
/** What the guest typed at the checkout (issue 30): email, first name, the marketing choice; kept across the payment pages. */
export interface GuestDetailsTyped {
  email: string;
  firstName: string;
  guestEmailMarketingOptIn: boolean;
}
export function saveGuestDetails(d: GuestDetailsTyped) {
  store()?.setItem(DETAILS_KEY, JSON.stringify({ email: d.email, firstName: d.firstName, guestEmailMarketingOptIn: d.guestEmailMarketingOptIn }));
}
/**
 * The details the guest typed before going to add a card; without them, the first name of the single-use billing
 * address (so no field is typed twice). Null when there is neither.
 */
export function readGuestDetails(now = Date.now()): GuestDetailsTyped | null {
  const d = readJson<Partial<GuestDetailsTyped>>(DETAILS_KEY);
  const first = readGuestAddress(now)?.address.firstName ?? '';
  if (d && typeof d.email === 'string' && typeof d.firstName === 'string') return { email: d.email, firstName: d.firstName || first, guestEmailMarketingOptIn: d.guestEmailMarketingOptIn === true };
  return first ? { email: '', firstName: first, guestEmailMarketingOptIn: false } : null;
}

/** After a charge (the token is used up) or when the guest signs in. */
export function clearGuestPayment() {
  store()?.removeItem(CARD_KEY);
  store()?.removeItem(ADDRESS_KEY);
  store()?.removeItem(DETAILS_KEY);
  changed();
}
/** Called on every change (a React `useSyncExternalStore` subscriber). */
export function subscribeGuestPayment(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Spec 2 §4 Payment selection: the add-payment option sends a member to the payment-method page, a guest to add billing address. */
export const addPaymentPath = (signedIn: boolean) => (signedIn ? '/account/payment-method' : '/account/payment-method/add/billing-address');
