/**
 * Claiming a received eGift (/gift/claim#<token>; docs/gifting.md 2.5, 3.5): the requests, the machine's actors and
 * the token's keeping while the visitor signs in, in one place. The token travels only in the two POST bodies:
 * read from the URL fragment (never sent to the server in a request line, a log or a Referer), kept in this tab's
 * sessionStorage while signing in (never in a URL), forgotten once the gift is claimed or the link is dead.
 */
import { fromPromise } from 'xstate';
import { CardInfoFromTokenResponse } from '../../../contracts/card-fields.ts';
import { ClaimEgiftResponse, type ClaimEgiftRequest } from '../../../contracts/gift.ts';
import type { GiftClaimCard } from '../../../machines/gift-claim.machine.ts';
import { api } from '../api.ts';
import { callGift } from './gift-errors.ts';

export const giftClaimApi = {
  /** get-card-info-from-token: only the last four and the balance leave this function (not the number, not the code) */
  resolve: async (input: ClaimEgiftRequest, signal?: AbortSignal): Promise<GiftClaimCard> => {
    const info = await callGift(api.post('/account/cards/get-card-info-from-token', input, { schema: CardInfoFromTokenResponse, ...(signal ? { signal } : {}) }));
    return { lastFour: info.cardNumber.slice(-4), balance: info.balance };
  },
  claim: async (input: ClaimEgiftRequest, signal?: AbortSignal): Promise<{ cardId: string }> => {
    const answer = await callGift(api.post('/account/cards/claim-egift', input, { schema: ClaimEgiftResponse, ...(signal ? { signal } : {}) }));
    return { cardId: answer.card.cardId };
  },
};

export function giftClaimActors() {
  return {
    resolveToken: fromPromise<GiftClaimCard, ClaimEgiftRequest>(({ input, signal }) => giftClaimApi.resolve(input, signal)),
    claimGift: fromPromise<{ cardId: string }, ClaimEgiftRequest>(({ input, signal }) => giftClaimApi.claim(input, signal)),
  };
}

/** sessionStorage key of the token kept while the visitor signs in or creates an account */
export const CLAIM_TOKEN_KEY = 'harbor.giftClaimToken';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The token of this page: the URL fragment (`#<token>`), else the one kept while signing in; null when none. */
export function readClaimToken(hash: string): string | null {
  const fromHash = hash.replace(/^#/, '').trim();
  if (fromHash) return fromHash;
  return storage()?.getItem(CLAIM_TOKEN_KEY) ?? null;
}

export function keepClaimToken(token: string | null) {
  if (token) storage()?.setItem(CLAIM_TOKEN_KEY, token);
}

export function forgetClaimToken() {
  storage()?.removeItem(CLAIM_TOKEN_KEY);
}
