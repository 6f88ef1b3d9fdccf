/**
 * The confirmation handed to /gift/confirmation (docs/gifting.md 1): sessionStorage of this tab only
 * (`harbor.giftConfirmation`), read back with a shape check. Apart from the gift form's storage
 * (gift-form-storage.ts, which re-exports it): /gift/confirmation's loader reads it (the loader travels with the
 * page's chunk; it was a `beforeLoad`, which is in the entry chunk on every route: docs/architecture.md#performance).
 */
import * as v from 'valibot';
import { GIFT_CONFIRMATION_STORAGE_KEY } from '../../../contracts/gift-ids.ts';
import type { GiftConfirmation } from '../../../machines/gift-form.machine.ts';

const Confirmation = v.object({
  amount: v.number(),
  deliveryMethod: v.string(),
  message: v.string(),
  numberOfRecipients: v.number(),
  product: v.string(),
  totalAmount: v.number(),
  requestId: v.string(),
  orderNumber: v.string(),
  recipients: v.array(v.object({ recipientName: v.string(), recipientEmail: v.string() })),
  altText: v.string(),
  largeImageUrl: v.string(),
});

export function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
export function read<S extends v.GenericSchema>(key: string, schema: S): v.InferOutput<S> | null {
  try {
    const raw = store()?.getItem(key);
    if (!raw) return null;
    const parsed = v.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export const readGiftConfirmation = (): GiftConfirmation | null => read(GIFT_CONFIRMATION_STORAGE_KEY, Confirmation);
export const storeGiftConfirmation = (c: GiftConfirmation) => store()?.setItem(GIFT_CONFIRMATION_STORAGE_KEY, JSON.stringify(c));
