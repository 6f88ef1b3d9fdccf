/**
 * The gift form kept across add-payment and the confirmation handed to /gift/confirmation (docs/gifting.md 1):
 * sessionStorage of this tab only (`harbor.giftForm`, `harbor.giftConfirmation`); read back with a shape check,
 * anything else is ignored.
 */
import * as v from 'valibot';
import { GIFT_CONFIRMATION_STORAGE_KEY, GIFT_FORM_STORAGE_KEY } from '../../../contracts/gift.ts';
import type { GiftConfirmation, PersistedGiftForm } from '../../../machines/gift-form.machine.ts';

const Recipient = v.object({ id: v.string(), recipientName: v.string(), recipientEmail: v.string() });
const Persisted = v.object({
  productNumber: v.string(),
  formData: v.object({
    productNumber: v.string(),
    senderName: v.string(),
    senderEmail: v.string(),
    amount: v.union([v.number(), v.literal('custom')]),
    customAmount: v.string(),
    message: v.string(),
    recipients: v.pipe(v.array(Recipient), v.minLength(1), v.maxLength(10)),
  }),
  numberOfRecipients: v.number(),
  selectedPaymentInstrumentId: v.nullable(v.string()),
});
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

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
function read<S extends v.GenericSchema>(key: string, schema: S): v.InferOutput<S> | null {
  try {
    const raw = store()?.getItem(key);
    if (!raw) return null;
    const parsed = v.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export const readPersistedGiftForm = (): PersistedGiftForm | null => read(GIFT_FORM_STORAGE_KEY, Persisted);
export const persistGiftForm = (form: PersistedGiftForm) => store()?.setItem(GIFT_FORM_STORAGE_KEY, JSON.stringify(form));
export const clearPersistedGiftForm = () => store()?.removeItem(GIFT_FORM_STORAGE_KEY);
export const readGiftConfirmation = (): GiftConfirmation | null => read(GIFT_CONFIRMATION_STORAGE_KEY, Confirmation);
export const storeGiftConfirmation = (c: GiftConfirmation) => store()?.setItem(GIFT_CONFIRMATION_STORAGE_KEY, JSON.stringify(c));
