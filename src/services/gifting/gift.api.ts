/**
 * The gift purchase calls (spec 3 section 7; docs/gifting.md 3.2, 3.4) through the shared API client, answers
 * validated with their contracts, failures through the one error path (`callGift`: the gift catalogue's texts).
 */
import { GiftPurchaseAccepted, GiftPurchaseStatus, type GiftPurchaseRequest } from '../../../contracts/gift.ts';
import { GENERIC_ERROR_MESSAGE } from '../../../contracts/errors.ts';
import type { PurchaseStatusInput } from '../../../machines/gift-purchase.machine.ts';
import { api } from '../api.ts';
import { callGift, giftCodeMessages } from './gift-errors.ts';

/** an async gift code's text: the server's message, else the catalogue's, else the generic text */
export function statusWithText(s: GiftPurchaseStatus): GiftPurchaseStatus {
  const { code, message } = s.data.context;
  if (!code || code === 'EPROMISERETRY') return s;
  return { ...s, data: { context: { ...s.data.context, message: message?.trim() || giftCodeMessages[code] || GENERIC_ERROR_MESSAGE } } };
}

export const giftApi = {
  /** POST /apiproxy/v1/gift/gift-purchase → 202 { delay, requestId } */
  purchase: (body: GiftPurchaseRequest, signal?: AbortSignal) => callGift(api.post('/gift/gift-purchase', body, { schema: GiftPurchaseAccepted, ...(signal ? { signal } : {}) })),
  /** GET /apiproxy/v1/gift/gift-purchase-status[?zero-retries=true], header X-Request-ID */
  status: async (input: PurchaseStatusInput, signal?: AbortSignal) =>
    statusWithText(
      await callGift(
        api.get('/gift/gift-purchase-status', {
          query: input.zeroRetries ? { 'zero-retries': 'true' } : {},
          headers: { 'x-request-id': input.requestId },
          schema: GiftPurchaseStatus,
          ...(signal ? { signal } : {}),
        }),
      ),
    ),
};
