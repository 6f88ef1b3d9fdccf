import type { Queryable } from '../db/db.ts';
import type { GiftPurchaseStatus } from '../../contracts/gift.ts';
import { giftError, GiftErrorCodes, giftMessage } from './errors.ts';

/**
 * The status of a purchase (docs/gifting.md 3.4): queued answers EPROMISERETRY, fulfilled the order number, failed
 * the gift code and its text. A member's purchase is visible to that member only (anyone else: 404 as unknown); a
 * guest's is read by its requestId alone (random per page opening) and reveals only the order number and the code.
 */
export async function purchaseStatus(db: Queryable, requestId: string, userId: string | null, zeroRetries: boolean | undefined): Promise<GiftPurchaseStatus> {
  const r = await db.query<{ status: string; user_id: string | null; guest: boolean; order_number: string | null; error_code: string | null }>(
    'select status, user_id, guest, order_number, error_code from gift_purchases where request_id = $1',
    [requestId],
  );
  const row = r.rows[0];
  if (!row || (!row.guest && row.user_id !== userId)) throw giftError(GiftErrorCodes.purchaseNotFound, { field: 'X-Request-ID' });
  const extra = zeroRetries === undefined ? {} : { zeroRetries };
  if (row.status === 'fulfilled') return { orderNumber: row.order_number, ...extra, data: { context: { code: null, orderNumber: row.order_number } } };
  if (row.status === 'failed') {
    const code = row.error_code ?? GiftErrorCodes.placementFailed;
    return { orderNumber: null, ...extra, data: { context: { code, orderNumber: null, message: giftMessage(code) } } };
  }
  return { orderNumber: null, ...extra, data: { context: { code: 'EPROMISERETRY', orderNumber: null } } };
}
