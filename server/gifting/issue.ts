import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db.ts';
import { formatCents } from '../../contracts/cards.ts';
import { credit } from '../cards/money.ts';
import { publicUrl } from '../outbox/outbox.ts';

/**
 * eGift cards (docs/gifting.md 3.3 step 3-4): inside the worker's transaction, one stored-value card of kind
 * 'egift' per recipient (no owner until claimed), an opening row of 0 and the amount credited through the money core
 * (ledger kind 'egift_issue', keyed gift-<requestId>-<position>), a single-use claim token of which only the SHA-256
 * is stored, and the recipient's mail with the claim link `/gift/claim#<token>` (the fragment never reaches a server).
 */
export type PurchaseRow = {
  request_id: string;
  user_id: string | null;
  guest: boolean;
  payment_method_id: string | null;
  payment_token: string | null;
  sender_name: string;
  sender_email: string;
  product_number: string;
  amount_cents: number;
  recipient_count: number;
  total_cents: number;
  message: string | null;
  attempts: number;
};
type RecipientRow = { position: number; recipient_name: string; recipient_email: string; card_id: string | null };

export const claimTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const claimPath = (token: string) => `/gift/claim#${token}`;

async function insertEmail(tx: Queryable, m: { to: string; subject: string; body: string; link: string | null; kind: string; userId: string | null }): Promise<number> {
  const r = await tx.query<{ id: number }>(`insert into outbox (channel, recipient, subject, body, link, kind, user_id) values ('email', $1, $2, $3, $4, $5, $6) returning id`, [
    m.to,
    m.subject,
    m.body,
    m.link,
    m.kind,
    m.userId,
  ]);
  return Number(r.rows[0]!.id);
}

/** a new eGift card with no owner and a zero opening row; the number is 8 + 15 random digits, retried on a clash */
async function newEgiftCard(tx: Queryable, art: string): Promise<{ cardId: string; cardNumber: string }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const cardNumber = '8' + Array.from({ length: 15 }, () => randomInt(0, 10)).join('');
    const cardId = randomUUID();
    const r = await tx.query(
      `insert into stored_value_cards (card_id, user_id, card_number, kind, nickname, balance_cents, is_primary, status, card_art)
       values ($1, null, $2, 'egift', 'eGift', 0, false, 'active', $3) on conflict (card_number) do nothing`,
      [cardId, cardNumber, art],
    );
    if (r.rowCount === 1) {
      await tx.query(`insert into card_ledger (card_id, user_id, kind, amount_cents, balance_after_cents, description) values ($1, null, 'opening', 0, 0, 'Opening balance')`, [cardId]);
      return { cardId, cardNumber };
    }
  }
  throw new Error('eGift card number clashed 5 times');
}

export interface Issued {
  position: number;
  cardId: string;
  recipientEmail: string;
  recipientName: string;
}

/** Issues every recipient's card, claim token and mail, then the sender's receipt. Throws (rolls back) on any surprise. */
export async function issueEgifts(tx: Queryable, p: PurchaseRow, chargeId: string, orderNumber: string): Promise<Issued[]> {
  const art = (await tx.query<{ art: string; alt_text: string }>('select art, alt_text from gift_products where product_number = $1', [p.product_number])).rows[0];
  if (!art) throw new Error(`gift product ${p.product_number} is gone`);
  const recipients = (await tx.query<RecipientRow>('select position, recipient_name, recipient_email, card_id from gift_recipients where request_id = $1 order by position', [p.request_id])).rows;
  if (recipients.length !== p.recipient_count) throw new Error(`purchase ${p.request_id}: ${recipients.length} recipients for ${p.recipient_count}`);
  const issued: Issued[] = [];
  for (const r of recipients) {
    const card = await newEgiftCard(tx, art.art);
    await credit(tx, {
      cardId: card.cardId,
      amount: p.amount_cents,
      kind: 'egift_issue',
      processorChargeId: chargeId,
      idempotencyKey: `gift-${p.request_id}-${r.position}`,
      description: 'eGift',
    });
    const token = randomBytes(32).toString('base64url');
    await tx.query('insert into gift_claim_tokens (token_hash, card_id, request_id, position) values ($1, $2, $3, $4)', [claimTokenHash(token), card.cardId, p.request_id, r.position]);
    const lines = [
      `${p.sender_name} sent you a ${formatCents(p.amount_cents)} Harbor Coffee eGift (${art.alt_text}).`,
      ...(p.message ? ['', `"${p.message}"`, ''] : []),
      `Add it to your cards: ${publicUrl(claimPath(token))}`,
      `Order ${orderNumber}`,
    ];
    const outboxId = await insertEmail(tx, {
      to: r.recipient_email,
      subject: `${p.sender_name} sent you a Harbor Coffee eGift`,
      body: lines.join('\n'),
      link: claimPath(token),
      kind: 'egift',
      userId: null,
    });
    const set = await tx.query('update gift_recipients set card_id = $3, outbox_id = $4 where request_id = $1 and position = $2 and card_id is null', [p.request_id, r.position, card.cardId, outboxId]);
    if (set.rowCount !== 1) throw new Error(`purchase ${p.request_id}: recipient ${r.position} already has a card`);
    issued.push({ position: r.position, cardId: card.cardId, recipientEmail: r.recipient_email, recipientName: r.recipient_name });
  }
  await insertEmail(tx, {
    to: p.sender_email,
    subject: `Your Harbor Coffee eGift order ${orderNumber}`,
    body: [
      `Thanks, ${p.sender_name}! Your eGift (${art.alt_text}) is on its way.`,
      ...recipients.map((r) => `- ${r.recipient_name} <${r.recipient_email}>: ${formatCents(p.amount_cents)}`),
      `Total: ${formatCents(p.total_cents)}`,
      `Order ${orderNumber}`,
    ].join('\n'),
    link: p.guest ? null : '/account/history/egift',
    kind: 'egift-receipt',
    userId: p.user_id,
  });
  return issued;
}
