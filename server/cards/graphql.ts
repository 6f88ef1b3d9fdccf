import { createHash, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import {
  AddressInput,
  AutoReloadInput,
  CardCodes,
  DisableAutoReloadInput,
  TransferRequest,
  TRIGGER_AMOUNT_OPTIONS,
  SVC_RELOAD_OPTIONS,
  cardCodeMessage,
  type Address,
} from '../../contracts/cards.ts';
import type { GqlContext, GqlModule } from '../graphql/schema.ts';
import { ApiError } from '../http/errors.ts';
import { checkInput as check, resolver as wrap, signedInUser as userOf } from '../graphql/errors.ts';
import type { Queryable } from '../db/db.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ownCard } from './store.ts';
import { transferFor } from './routes.ts';
import { ownMethod } from './methods.ts';
import { hit } from '../auth/rate-limit.ts';
import { GenericCodes } from '../../contracts/errors.ts';
import { AccountMessages } from '../../contracts/account.ts';

/** ADD_SINGLE_USE_BILLING_ADDRESS (guests too): at most this many per IP per hour, then 429 RATE_LIMITED */
export const SINGLE_USE_ADDRESSES_PER_IP_PER_HOUR = 30;

/**
 * GraphQL operations of spec 2 section 7 (client documents by the spec's names in
 * src/services/cards.graphql.ts): GET_ADDRESS_LIST (user.addressList), CREATE_ADDRESS, UPDATE_ADDRESS,
 * ADD_SINGLE_USE_BILLING_ADDRESS, create/update/disable auto reload, transfer card balance.
 * Errors carry the REST error shape in `extensions`: { code, message, field?, status } (server/graphql/errors.ts).
 */
const typeDefs = /* GraphQL */ `
  type Address {
    addressId: ID!
    type: String!
    firstName: String!
    lastName: String!
    phoneNumber: String
    addressLine1: String!
    addressLine2: String
    city: String!
    postalCode: String!
    countrySubdivision: String!
    country: String!
  }
  input AddressInput {
    type: String
    firstName: String
    lastName: String
    phoneNumber: String
    addressLine1: String
    addressLine2: String
    city: String
    postalCode: String
    countrySubdivision: String
    country: String
  }
  type User {
    addressList: [Address!]!
  }
  type SingleUseAddress {
    addressToken: String!
    expiresAt: String!
  }
  type AutoReload {
    cardId: ID!
    status: String!
    isActive: Boolean!
    amount: Int!
    triggerAmount: Int!
    paymentMethodId: ID!
    paymentInstrumentId: String!
  }
  type CardBalance {
    cardId: ID!
    balance: Int!
  }
  type TransferResult {
    amount: Int!
    duplicateCode: String
    source: CardBalance!
    target: CardBalance!
  }
  extend type Query {
    """the signed-in member (null for guests)"""
    user: User
  }
  type Mutation {
    createAddress(input: AddressInput!): Address!
    updateAddress(addressId: ID!, input: AddressInput!): Address!
    addSingleUseBillingAddress(walletTarget: String!, input: AddressInput!): SingleUseAddress!
    createAutoReload(cardId: ID!, amount: Int, triggerAmount: Int, paymentMethodId: ID, risk: RiskInput): AutoReload!
    updateAutoReload(cardId: ID!, amount: Int, triggerAmount: Int, paymentMethodId: ID, risk: RiskInput): AutoReload!
    disableAutoReload(cardId: ID!, risk: RiskInput): AutoReload!
    transferCardBalance(sourceCardId: ID!, targetCardId: ID!, amount: Int, idempotencyKey: String!): TransferResult!
  }
`;

/** addresses a member may keep (docs/cards.md "Design choices") */
export const MAX_ADDRESSES = 20;

/** a failure in the one error shape (reaches the client in `extensions` through `wrap`) */
const gqlError = (status: ContentfulStatusCode, code: string, message: string, field?: string) => new ApiError(status, code, message, field ? { field } : {});

type AddressRow = {
  address_id: string;
  type: Address['type'];
  first_name: string;
  last_name: string;
  phone_number: string | null;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postal_code: string;
  country_subdivision: string;
  country: string;
};
const toAddress = (r: AddressRow): Address => ({
  addressId: r.address_id,
  type: r.type,
  firstName: r.first_name,
  lastName: r.last_name,
  phoneNumber: r.phone_number,
  addressLine1: r.address_line1,
  addressLine2: r.address_line2,
  city: r.city,
  postalCode: r.postal_code,
  countrySubdivision: r.country_subdivision,
  country: r.country,
});
/** trims, and stores an empty second line (or phone) as null (spec 5) */
function normalized(a: v.InferOutput<typeof AddressInput>) {
  return { ...a, addressLine2: a.addressLine2 ? a.addressLine2 : null, phoneNumber: a.phoneNumber ? a.phoneNumber : null };
}

type ProfileRow = { card_id: string; status: 'active' | 'disabled'; amount_cents: number; trigger_amount_cents: number; payment_method_id: string; payment_instrument_id: string };
async function profileOut(db: Queryable, cardId: string) {
  const r = await db.query<ProfileRow>(
    `select p.card_id, p.status, p.amount_cents, p.trigger_amount_cents, p.payment_method_id, m.payment_instrument_id
       from auto_reload_profiles p join payment_methods m on m.payment_method_id = p.payment_method_id where p.card_id = $1`,
    [cardId],
  );
  const p = r.rows[0]!;
  return { cardId: p.card_id, status: p.status, isActive: p.status === 'active', amount: p.amount_cents, triggerAmount: p.trigger_amount_cents, paymentMethodId: p.payment_method_id, paymentInstrumentId: p.payment_instrument_id };
}

type AutoReloadArgs = { cardId: string; amount?: number | null; triggerAmount?: number | null; paymentMethodId?: string | null; risk?: unknown };
const nn = <T>(x: T | null | undefined) => (x === null ? undefined : x);

/** create (no profile yet) or update (a profile exists): both validate the same way */
async function saveAutoReload(args: AutoReloadArgs, ctx: GqlContext, mode: 'create' | 'update') {
  const userId = userOf(ctx);
  const input = check(AutoReloadInput, { cardId: args.cardId, amount: nn(args.amount), triggerAmount: nn(args.triggerAmount), paymentMethodId: nn(args.paymentMethodId), risk: nn(args.risk) ?? undefined });
  if (input.amount === undefined) throw gqlError(400, CardCodes.autoReloadAmountMissing, cardCodeMessage['121009']!, 'amount');
  if (input.triggerAmount === undefined) throw gqlError(400, CardCodes.autoReloadTriggerMissing, cardCodeMessage['121010']!, 'triggerAmount');
  if (!(SVC_RELOAD_OPTIONS as readonly number[]).includes(input.amount)) throw gqlError(400, CardCodes.reloadAmountInvalid, cardCodeMessage['121036']!, 'amount');
  if (!(TRIGGER_AMOUNT_OPTIONS as readonly number[]).includes(input.triggerAmount)) throw gqlError(400, CardCodes.reloadAmountInvalid, cardCodeMessage['121036']!, 'triggerAmount');
  if (!input.paymentMethodId) throw gqlError(400, 'BAD_REQUEST', 'paymentMethodId: no payment method selected', 'paymentMethodId');
  if (input.risk?.risk === 'high') throw gqlError(402, CardCodes.antiFraud, cardCodeMessage['121062']!);
  const { db } = ctx.deps;
  const card = await ownCard(db, userId, input.cardId);
  if (card.kind === 'store_credit') throw gqlError(422, CardCodes.storeCredit, cardCodeMessage['121024']!);
  await ownMethod(db, userId, input.paymentMethodId);
  const r =
    mode === 'create'
      ? await db.query(
          `insert into auto_reload_profiles (card_id, user_id, status, amount_cents, trigger_amount_cents, payment_method_id)
           values ($1, $2, 'active', $3, $4, $5) on conflict (card_id) do nothing`,
          [input.cardId, userId, input.amount, input.triggerAmount, input.paymentMethodId],
        )
      : await db.query(
          `update auto_reload_profiles set status = 'active', amount_cents = $3, trigger_amount_cents = $4, payment_method_id = $5, last_error_code = null, updated_at = now()
            where card_id = $1 and user_id = $2`,
          [input.cardId, userId, input.amount, input.triggerAmount, input.paymentMethodId],
        );
  if (r.rowCount !== 1) throw gqlError(409, 'CONFLICT', mode === 'create' ? 'Auto reload is already set up for this card: update it instead.' : 'Auto reload is not set up for this card: create it instead.', 'cardId');
  return profileOut(db, input.cardId);
}

export const cardsGraphql: GqlModule = {
  typeDefs,
  resolvers: {
    Query: {
      user: (_: unknown, __: unknown, ctx: GqlContext) => (ctx.session ? { userId: ctx.session.userId } : null),
    },
    User: {
      addressList: async (u: { userId: string }, _: unknown, ctx: GqlContext) => {
        const r = await ctx.deps.db.query<AddressRow>('select * from addresses where user_id = $1 order by created_at, address_id', [u.userId]);
        return r.rows.map(toAddress);
      },
    },
    Mutation: {
      createAddress: wrap(async (args: { input: unknown }, ctx) => {
        const userId = userOf(ctx);
        const a = normalized(check(AddressInput, args.input));
        // conditional insert under the member's row lock (as favorites do): never more than the maximum, even for
        // parallel creates (a count followed by an insert stored 34 on PostgreSQL)
        const r = await ctx.deps.db.transaction(async (tx) => {
          await tx.query('select 1 from users where id = $1 for update', [userId]);
          return tx.query<AddressRow>(
            `insert into addresses (address_id, user_id, type, first_name, last_name, phone_number, address_line1, address_line2, city, postal_code, country_subdivision, country)
             select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 where (select count(*) from addresses where user_id = $2) < $13 returning *`,
            [`ad_${randomBytes(10).toString('hex')}`, userId, a.type, a.firstName, a.lastName, a.phoneNumber, a.addressLine1, a.addressLine2, a.city, a.postalCode, a.countrySubdivision, a.country, MAX_ADDRESSES],
          );
        });
        if (!r.rows[0]) throw gqlError(409, 'CONFLICT', `You can save up to ${MAX_ADDRESSES} addresses. Remove one first.`);
        return toAddress(r.rows[0]);
      }),
      updateAddress: wrap(async (args: { addressId: string; input: unknown }, ctx) => {
        const userId = userOf(ctx);
        const a = normalized(check(AddressInput, args.input));
        const r = await ctx.deps.db.query<AddressRow>(
          `update addresses set type = $3, first_name = $4, last_name = $5, phone_number = $6, address_line1 = $7, address_line2 = $8, city = $9, postal_code = $10,
                  country_subdivision = $11, country = $12, updated_at = now()
            where address_id = $1 and user_id = $2 returning *`,
          [String(args.addressId).slice(0, 64), userId, a.type, a.firstName, a.lastName, a.phoneNumber, a.addressLine1, a.addressLine2, a.city, a.postalCode, a.countrySubdivision, a.country],
        );
        if (!r.rows[0]) throw gqlError(404, CardCodes.addressNotFound, cardCodeMessage.ADDRESS_NOT_FOUND!, 'addressId');
        return toAddress(r.rows[0]);
      }),
      addSingleUseBillingAddress: wrap(async (args: { walletTarget: string; input: unknown }, ctx) => {
        const walletTarget = check(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'Not a wallet target.')), args.walletTarget);
        const a = normalized(check(AddressInput, args.input));
        // open to guests: per-IP limit (issue 25)
        const limited = await hit(ctx.deps.db, `single-use-address:ip:${ctx.ip ?? 'unknown'}`, 3600_000);
        if (limited.count > SINGLE_USE_ADDRESSES_PER_IP_PER_HOUR) throw gqlError(429, GenericCodes.rateLimited, AccountMessages.rateLimited);
        const token = `adt_${randomBytes(24).toString('base64url')}`;
        const expiresAt = new Date(Date.now() + 3600_000);
        await ctx.deps.db.query('insert into single_use_addresses (address_token_hash, wallet_target, address, expires_at) values ($1, $2, $3::jsonb, $4)', [
          createHash('sha256').update(token).digest('hex'),
          walletTarget,
          JSON.stringify(a),
          expiresAt,
        ]);
        return { addressToken: token, expiresAt: expiresAt.toISOString() };
      }),
      createAutoReload: wrap((args: AutoReloadArgs, ctx) => saveAutoReload(args, ctx, 'create')),
      updateAutoReload: wrap((args: AutoReloadArgs, ctx) => saveAutoReload(args, ctx, 'update')),
      disableAutoReload: wrap(async (args: { cardId: string; risk?: unknown }, ctx) => {
        const userId = userOf(ctx);
        const input = check(DisableAutoReloadInput, { cardId: args.cardId, risk: nn(args.risk) ?? undefined });
        await ownCard(ctx.deps.db, userId, input.cardId);
        const r = await ctx.deps.db.query(`update auto_reload_profiles set status = 'disabled', updated_at = now() where card_id = $1 and user_id = $2`, [input.cardId, userId]);
        if (r.rowCount !== 1) throw gqlError(409, 'CONFLICT', 'Auto reload is not set up for this card.', 'cardId');
        return profileOut(ctx.deps.db, input.cardId);
      }),
      transferCardBalance: wrap(async (args: { sourceCardId: string; targetCardId: string; amount?: number | null; idempotencyKey: string }, ctx) => {
        const userId = userOf(ctx);
        const input = check(TransferRequest, { sourceCardId: args.sourceCardId, targetCardId: args.targetCardId, amount: nn(args.amount), idempotencyKey: args.idempotencyKey });
        const out = await transferFor(ctx.deps.db, userId, input);
        return {
          amount: out.amount.amount,
          duplicateCode: out.duplicate?.code ?? null,
          source: { cardId: out.source.cardId, balance: out.source.balance.amount },
          target: { cardId: out.target.cardId, balance: out.target.balance.amount },
        };
      }),
    },
  },
};
