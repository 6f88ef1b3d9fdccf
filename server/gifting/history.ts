import type { Queryable } from '../db/db.ts';
import { money } from '../../contracts/cards.ts';
import type { GiftHistoryResponse } from '../../contracts/gift.ts';

/**
 * A member's sent gifts (docs/gifting.md 3.8), newest first, keyed by the session's user id only (no member reads
 * another's). deliveryState: claimed once the card is claimed; sent when the mail left (outbox row `sent`), or when
 * no dispatcher runs (SMTP_URL unset: the outbox is the end of the line and the row exists); else queued. A failed
 * purchase is listed with no recipients.
 */
type Row = {
  request_id: string;
  order_number: string | null;
  status: 'queued' | 'fulfilled' | 'failed';
  accepted_at: Date;
  product_number: string;
  alt_text: string;
  art: string;
  amount_cents: number;
  total_cents: number;
  message: string | null;
};
type RecipientRow = { request_id: string; recipient_name: string; recipient_email: string; claimed_at: Date | null; outbox_id: number | null; mail_sent: boolean };

export async function giftHistory(db: Queryable, userId: string, page: number, pageSize: number, opts: { dispatcher: boolean }): Promise<GiftHistoryResponse> {
  const total = Number((await db.query<{ n: string }>('select count(*)::text as n from gift_purchases where user_id = $1', [userId])).rows[0]!.n);
  const rows = (
    await db.query<Row>(
      `select g.request_id, g.order_number, g.status, g.accepted_at, g.product_number, p.alt_text, p.art, g.amount_cents, g.total_cents, g.message
         from gift_purchases g join gift_products p on p.product_number = g.product_number
        where g.user_id = $1 order by g.accepted_at desc, g.request_id limit $2 offset $3`,
      [userId, pageSize, (page - 1) * pageSize],
    )
  ).rows;
  const ids = rows.map((r) => r.request_id);
  const recipients = ids.length
    ? (
        await db.query<RecipientRow>(
          `select r.request_id, r.recipient_name, r.recipient_email, r.claimed_at, r.outbox_id, ${opts.dispatcher ? `coalesce(o.status = 'sent', false)` : 'o.id is not null'} as mail_sent
             from gift_recipients r left join outbox o on o.id = r.outbox_id
            where r.request_id = any($1::text[]) order by r.request_id, r.position`,
          [ids],
        )
      ).rows
    : [];
  return {
    gifts: rows.map((g) => ({
      requestId: g.request_id,
      orderNumber: g.order_number,
      status: g.status,
      createdAt: new Date(g.accepted_at).toISOString(),
      product: { productNumber: g.product_number, altText: g.alt_text, largeImageUrl: `/gift/art/${g.art}.svg` },
      amount: money(g.amount_cents),
      totalAmount: money(g.total_cents),
      message: g.message,
      // a failed purchase delivered nothing: no recipients' states
      recipients: recipients
        .filter((r) => r.request_id === g.request_id && g.status !== 'failed')
        .map((r) => ({
          recipientName: r.recipient_name,
          recipientEmail: r.recipient_email,
          deliveryState: r.claimed_at ? ('claimed' as const) : g.status === 'fulfilled' && r.mail_sent ? ('sent' as const) : ('queued' as const),
        })),
    })),
    page,
    pageSize,
    total,
  };
}
