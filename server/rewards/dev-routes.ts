import * as v from 'valibot';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';
import { badRequest } from '../http/errors.ts';
import { parseJson } from '../http/validate.ts';
import { findUserByEmail } from '../auth/users.ts';
import { now } from '../clock.ts';
import { grantStars } from './stars.ts';

/**
 * Test tool (APP_ENV=test only; loopback only like every /dev path, server/app.ts devGuard):
 * POST /apiproxy/v1/dev/rewards/grant (also POST /dev/rewards/grant) { email, stars, earnedAt? } gives the member an
 * 'adjustment' lot dated earnedAt (default now), for e2e journeys (redeem at checkout, expiring Stars). Answers
 * { balance } after settling expiry (a lot dated 7 months back expires at once).
 */
export const DevGrantRequest = v.strictObject({
  email: v.pipe(v.string(), v.trim(), v.email('Give an email.'), v.maxLength(254)),
  stars: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
  earnedAt: v.optional(v.pipe(v.string(), v.isoTimestamp('earnedAt: an ISO 8601 timestamp.'))),
});

export function registerRewardsDevRoutes(app: Hono<AppEnv>) {
  const grant = async (c: Context<AppEnv>) => {
    const body = await parseJson(c, DevGrantRequest);
    const { db } = c.var.deps;
    const user = await findUserByEmail(db, body.email);
    if (!user) throw badRequest('No account has that email.', 'email');
    const at = now();
    const earnedAt = body.earnedAt ? new Date(body.earnedAt) : at;
    if (earnedAt.getTime() > at.getTime()) throw badRequest('earnedAt: not in the future.', 'earnedAt');
    const balance = await db.transaction((tx) => grantStars(tx, { userId: user.id, stars: body.stars, kind: 'adjustment', description: 'Stars granted (test)', earnedAt, at }));
    return c.json({ balance });
  };
  app.post('/apiproxy/v1/dev/rewards/grant', grant);
  app.post('/dev/rewards/grant', grant);
}
