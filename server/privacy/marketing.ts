import type { Queryable } from '../db/db.ts';
import { publicUrl } from '../outbox/outbox.ts';
import type { UnsubscribeType } from '../../contracts/unsubscribe.ts';
import { signUnsubscribe } from './signing.ts';

/**
 * Marketing mail (issue 11, docs/consent.md): every message carries a signed, expiring unsubscribe link in its body
 * and the one-click headers of RFC 8058, stored with the outbox row (shown in the outbox viewer):
 *   List-Unsubscribe: <{PUBLIC_URL}/mail/unsubscribe?token=…>
 *   List-Unsubscribe-Post: List-Unsubscribe=One-Click
 * A member gets it only when the matching communication preference is on.
 */
export const MARKETING_KINDS: Record<UnsubscribeType, string> = { promotional: 'marketing-promotional', personalized: 'marketing-personalized' };

export interface MarketingRecipient {
  id: string;
  email: string;
  first_name: string;
}

/** true when the member wants this type of mail (promotional: product or general emails; personalized: its own switch) */
export async function wantsMarketing(db: Queryable, userId: string, type: UnsubscribeType): Promise<boolean> {
  const r = await db.query<{ p: boolean; g: boolean; z: boolean }>('select receive_product_email as p, receive_general_email as g, receive_personalized_email as z from users where id = $1', [userId]);
  const u = r.rows[0];
  if (!u) return false;
  return type === 'personalized' ? u.z : u.p || u.g;
}

export async function sendMarketingEmail(db: Queryable, user: MarketingRecipient, type: UnsubscribeType, brand: string): Promise<{ link: string; headers: Record<string, string> }> {
  const token = await signUnsubscribe(db, user.id, type);
  const link = `/unsubscribe?token=${token}`;
  const headers = {
    'List-Unsubscribe': `<${publicUrl(`/mail/unsubscribe?token=${token}`)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
  const subject = type === 'personalized' ? `${user.first_name}, picks chosen for you` : `This week at ${brand}`;
  const body =
    type === 'personalized'
      ? `Hi ${user.first_name},\n\nBased on your recent orders, we think you'll like our new seasonal drinks.\n\nYou get this email because you chose emails based on your info. Unsubscribe: ${publicUrl(link)}`
      : `Hi ${user.first_name},\n\nNew drinks, offers and events at ${brand} this week.\n\nYou get this email because you chose promotional emails. Unsubscribe: ${publicUrl(link)}`;
  await db.query('insert into outbox (channel, recipient, subject, body, link, kind, user_id, headers) values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)', [
    'email',
    user.email,
    subject,
    body,
    link,
    MARKETING_KINDS[type],
    user.id,
    JSON.stringify(headers),
  ]);
  return { link, headers };
}
