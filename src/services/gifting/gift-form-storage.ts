/**
 * The gift form kept across add-payment (docs/gifting.md 1; the confirmation: gift-confirmation-storage.ts):
 * sessionStorage of this tab only (`harbor.giftForm`); read back with a shape check,
 * anything else is ignored.
 */
import * as v from 'valibot';
import { GIFT_FORM_STORAGE_KEY } from '../../../contracts/gift-ids.ts';
import type { PersistedGiftForm } from '../../../machines/gift-form.machine.ts';
import { read, store } from './gift-confirmation-storage.ts';

export { readGiftConfirmation, storeGiftConfirmation } from './gift-confirmation-storage.ts';

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
export const readPersistedGiftForm = (): PersistedGiftForm | null => read(GIFT_FORM_STORAGE_KEY, Persisted);
export const persistGiftForm = (form: PersistedGiftForm) => store()?.setItem(GIFT_FORM_STORAGE_KEY, JSON.stringify(form));
export const clearPersistedGiftForm = () => store()?.removeItem(GIFT_FORM_STORAGE_KEY);
