import type { Context } from 'hono';
import type { CreateAccountRequest } from '../../contracts/account.ts';
import type * as v from 'valibot';
import type { Db } from '../db/db.ts';
import type { AppEnv } from '../http/types.ts';
import { startSession } from '../http/session.ts';
import { recordAuthEvent } from '../auth/auth-events.ts';
import { rememberDevice } from '../auth/devices.ts';
import { findUserByEmail, insertUser } from '../auth/users.ts';
import { digitalProvisionError, issueDigitalCard, registerPhysicalCard, type CardRegistrationResult } from '../cards/card-registration.ts';
import { publicUrl, sendEmail } from '../outbox/outbox.ts';
import { nestedDb } from './account-store.ts';

/**
 * Account creation as ONE transaction (docs/security-accounts.md): the user row, its auth event, the welcome
 * email in the outbox, the card (digital or physical; card registration's own transactions become savepoints)
 * and the new session either all commit or none does. A card refused for a business reason (wrong PIN, already
 * registered, provisioning failed) is not an error here: the account commits without a card (the spec's partial
 * success). Anything unexpected rolls everything back, so a retry starts from nothing.
 *
 * An address that already has an account: nothing is written but its auth event and an email to the owner in the
 * outbox saying someone tried to sign up with it; the route answers spec 2 section 5's 'Email address is not
 * available.' (400 EMAIL_NOT_AVAILABLE on the email field), no session (docs/security-accounts.md "Enumeration").
 */
export type NewAccountForm = v.InferOutput<typeof CreateAccountRequest>;

export type CreateOutcome =
  | { kind: 'created'; userId: string; exId: string; card: CardRegistrationResult; cardType: 'digital' | 'physical' }
  | { kind: 'exists' };

export async function createAccount(
  c: Context<AppEnv>,
  db: Db,
  f: NewAccountForm,
  opts: { passwordHash: string; ip: string; brand: string; digitalCardFails: boolean },
): Promise<CreateOutcome> {
  const cardType = f.cardRewards === 'registerCard' ? 'physical' : 'digital';
  return db.transaction(async (tx) => {
    const inner = nestedDb(db, tx);
    const registerCard = (userId: string): Promise<CardRegistrationResult> => {
      if (cardType === 'physical') return registerPhysicalCard(inner, userId, f.registerCardNumber!, f.registerCardPin!);
      if (opts.digitalCardFails) return Promise.resolve({ ok: false, ...digitalProvisionError });
      return issueDigitalCard(inner, userId);
    };
    const created = await insertUser(tx, {
      email: f.emailAddress,
      passwordHash: opts.passwordHash,
      firstName: f.firstName,
      lastName: f.lastName,
      market: f.country,
      locale: f.locale,
      country: f.country,
      registrationSource: f.registrationSource,
      storageConsent: f.storageConsent === true,
      receiveProductEmail: f.receiveHarborEmailCommunications,
      receiveGeneralEmail: f.receiveGeneralEmailCommunications,
      receivePersonalizedEmail: f.receivePersonalizedEmailCommunications,
    });
    if (!created) {
      const owner = await findUserByEmail(tx, f.emailAddress);
      await recordAuthEvent(tx, 'create-existing-email', owner?.id ?? null, opts.ip, f.reputation);
      if (owner) {
        await sendEmail(tx, {
          to: owner.email,
          subject: `You already have a ${opts.brand} account`,
          body: `Hi ${owner.first_name},\n\nSomeone (maybe you) tried to create a ${opts.brand} account with this email address, which already has one. Sign in at ${publicUrl('/account/signin')}, or if you forgot your password, reset it at ${publicUrl('/account/forgot-password')}.\n\nIf this was not you, you can ignore this email: nothing changed.`,
          link: '/account/signin',
          kind: 'account-exists',
          userId: owner.id,
        });
      }
      return { kind: 'exists' };
    }
    await recordAuthEvent(tx, 'create', created.id, opts.ip, f.reputation);
    await sendEmail(tx, {
      to: f.emailAddress,
      subject: `Welcome to ${opts.brand}`,
      body: `Hi ${f.firstName},\n\nYour ${opts.brand} account is ready. Sign in any time at ${publicUrl('/account/signin')}.`,
      link: '/account/signin',
      kind: 'welcome',
      userId: created.id,
    });
    const card = await registerCard(created.id);
    await startSession(c, tx, created.id, { rememberMe: false });
    await rememberDevice(c, tx, created.id);
    return { kind: 'created', userId: created.id, exId: created.exId, card, cardType };
  });
}
