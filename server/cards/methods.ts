import type { Queryable } from '../db/db.ts';
import { CardCodes, type PaymentMethod } from '../../contracts/cards.ts';
import { cardError } from './errors.ts';

/** A member's saved payment methods as stored: the processor token and what may be shown, never a number. */
export type MethodRow = {
  payment_method_id: string;
  payment_instrument_id: string;
  payment_type: PaymentMethod['paymentType'];
  processor_token: string;
  last_four: string;
  exp_month: number | null;
  exp_year: number | null;
  account_email: string | null;
  nickname: string | null;
  billing_address_id: string | null;
  is_default: boolean;
};

/** the member's live method, or 404 PAYMENT_METHOD_NOT_FOUND (another member's looks the same as an unknown one) */
export async function ownMethod(db: Queryable, userId: string, paymentMethodId: string, field = 'paymentMethodId'): Promise<MethodRow> {
  const r = await db.query<MethodRow>('select * from payment_methods where payment_method_id = $1 and user_id = $2 and removed_at is null', [paymentMethodId, userId]);
  if (!r.rows[0]) throw cardError(CardCodes.paymentMethodNotFound, { field });
  return r.rows[0];
}
