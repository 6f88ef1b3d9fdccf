import type { Db } from '../db/db.ts';
import { publicUrl, sendEmail } from '../outbox/outbox.ts';
import { createResetToken } from '../auth/password-reset.ts';
import { findUserByEmail } from '../auth/users.ts';

/**
 * Forgot-password without enumeration by timing (ASVS 6.3.8 / 6.4.?): known and unknown addresses run the same
 * statements in the same order, in one transaction: look the address up, retire earlier links, store a token
 * (for an unknown address a decoy row with no user, never valid), and put one email in the outbox (the reset link
 * to a member; to an address without an account, a note saying so, as the best services do). The answer never
 * differs.
 */
export async function requestPasswordReset(db: Db, email: string, brand: string) {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    const token = await createResetToken(tx, user?.id ?? null);
    if (user) {
      const link = `/account/reset-password/${token}`;
      await sendEmail(tx, {
        to: user.email,
        subject: `Reset your ${brand} password`,
        body: `Hi ${user.first_name},\n\nUse this link within 1 hour to create a new password:\n${publicUrl(link)}\n\nIf you did not ask for this, ignore this email: your password stays the same.`,
        link,
        kind: 'password-reset',
        userId: user.id,
      });
    } else {
      await sendEmail(tx, {
        to: email.trim(),
        subject: `Reset your ${brand} password`,
        body: `Someone (maybe you) asked to reset the ${brand} password of this address, but no ${brand} account uses it.\n\nTo create one, visit ${publicUrl('/account/create')}. If you did not ask, ignore this email.`,
        link: '/account/create',
        kind: 'password-reset-no-account',
        userId: null,
      });
    }
  });
}
