import type { Queryable } from '../db/db.ts';
import { publicUrl, sendEmail } from '../outbox/outbox.ts';
import type { UserRow } from './users.ts';

/** Security notice after a password change or reset. */
export async function passwordChangedNotice(db: Queryable, brand: string, user: Pick<UserRow, 'id' | 'email' | 'first_name'>) {
  await sendEmail(db, {
    to: user.email,
    subject: `Your ${brand} password was changed`,
    body: `Hi ${user.first_name},\n\nYour password was just changed and your other devices were signed out. If this was not you, reset your password now at ${publicUrl('/account/forgot-password')}.`,
    link: '/account/forgot-password',
    kind: 'password-changed',
    userId: user.id,
  });
}
