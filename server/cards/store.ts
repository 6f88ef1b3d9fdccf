import type { Queryable } from '../db/db.ts';
import { money, type Card, type LedgerEntry } from '../../contracts/cards.ts';
import { cardError } from './errors.ts';

/** Reading a member's cards. Every query is keyed by the session's user id: another member's card is "not found". */
type CardRow = {
  card_id: string;
  card_number: string;
  kind: Card['kind'];
  nickname: string | null;
  card_art: string;
  balance_cents: number;
  is_primary: boolean;
  status: Card['status'];
  p_status: 'active' | 'disabled' | null;
  p_amount: number | null;
  p_trigger: number | null;
  p_method: string | null;
  p_instrument: string | null;
  p_error: string | null;
  p_fired: Date | null;
};

export const CARD_ART = ['harbor-classic', 'harbor-sunrise', 'harbor-evergreen', 'harbor-night'] as const;
export const cardImageUrl = (art: string, kind?: Card['kind']) =>
  // an eGift shows the gift design it was bought with (public/gift/art/, docs/gifting.md 3.1)
  kind === 'egift' && /^[a-z0-9-]{1,60}$/.test(art) ? `/gift/art/${art}.svg` : `/cards/art/${(CARD_ART as readonly string[]).includes(art) ? art : 'harbor-classic'}.svg`;

const SELECT = `
  select c.card_id, c.card_number, c.kind, c.nickname, c.card_art, c.balance_cents, c.is_primary, c.status,
         p.status as p_status, p.amount_cents as p_amount, p.trigger_amount_cents as p_trigger,
         p.payment_method_id as p_method, m.payment_instrument_id as p_instrument, p.last_error_code as p_error, p.last_fired_at as p_fired
    from stored_value_cards c
    left join auto_reload_profiles p on p.card_id = c.card_id
    left join payment_methods m on m.payment_method_id = p.payment_method_id`;

export function toCard(r: CardRow): Card {
  return {
    cardId: r.card_id,
    lastFour: r.card_number.slice(-4),
    nickname: r.nickname ?? 'My Card',
    cardImageUrl: cardImageUrl(r.card_art, r.kind),
    kind: r.kind,
    status: r.status,
    isPrimary: r.is_primary,
    balance: money(r.balance_cents),
    autoReloadProfile:
      r.p_status && r.p_method
        ? {
            status: r.p_status,
            isActive: r.p_status === 'active',
            amount: r.p_amount ?? 0,
            triggerAmount: r.p_trigger ?? 0,
            paymentMethodId: r.p_method,
            paymentInstrumentId: r.p_instrument ?? '',
            lastErrorCode: r.p_error,
            lastFiredAt: r.p_fired ? new Date(r.p_fired).toISOString() : null,
          }
        : null,
  };
}

/** the member's cards that are in use (closed cards drop out), primary first */
export async function listCards(db: Queryable, userId: string): Promise<Card[]> {
  const r = await db.query<CardRow>(`${SELECT} where c.user_id = $1 and c.status <> 'closed' order by c.is_primary desc, c.registered_at nulls first, c.created_at, c.card_id`, [userId]);
  return r.rows.map(toCard);
}

/** one of the member's cards, or 404 CARD_NOT_FOUND (unknown and someone else's look the same) */
export async function ownCard(db: Queryable, userId: string, cardId: string, field = 'cardId'): Promise<Card> {
  const r = await db.query<CardRow>(`${SELECT} where c.card_id = $1 and c.user_id = $2 and c.status <> 'closed'`, [cardId, userId]);
  const row = r.rows[0];
  if (!row) throw cardError('CARD_NOT_FOUND', { field });
  return toCard(row);
}

export async function cardById(db: Queryable, cardId: string): Promise<Card> {
  const r = await db.query<CardRow>(`${SELECT} where c.card_id = $1`, [cardId]);
  return toCard(r.rows[0]!);
}

/**
 * The card's latest movements since its current registration (a physical card registered again after a removal
 * shows the new owner nothing of the previous owner's; issue 25). Registration writes the first row of that
 * history (an 'opening' of 0 with the balance the card came with), in the registering transaction, so its
 * created_at equals registered_at.
 */
export async function cardHistory(db: Queryable, cardId: string, limit = 20): Promise<LedgerEntry[]> {
  const r = await db.query<{ id: number; kind: LedgerEntry['kind']; amount_cents: number; balance_after_cents: number; description: string | null; created_at: Date }>(
    `select l.id, l.kind, l.amount_cents, l.balance_after_cents, l.description, l.created_at
       from card_ledger l join stored_value_cards c on c.card_id = l.card_id
      where l.card_id = $1 and (c.registered_at is null or l.created_at >= c.registered_at)
      order by l.id desc limit $2`,
    [cardId, limit],
  );
  return r.rows.map((e) => ({
    id: Number(e.id),
    kind: e.kind,
    amount: money(e.amount_cents),
    balanceAfter: money(e.balance_after_cents),
    description: e.description,
    createdAt: new Date(e.created_at).toISOString(),
  }));
}
