import * as v from 'valibot';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/types.ts';
import { parseJson, parseParams } from '../http/validate.ts';
import { requireUser } from '../auth/require.ts';
import { now } from '../clock.ts';
import { BonusOfferCode, MatchId } from '../../contracts/rewards-promo.ts';
import { campaignLink } from './campaigns.ts';
import { optInBonus } from './bonus.ts';

/**
 * REST calls of promo and bonus offers (docs/rewards.md 4.3), members only (401 otherwise), CSRF on the POST by the
 * /apiproxy layer: GET /campaign-links/{matchId} (the link's data, or 1002-1009) and
 * POST /rewards/bonus-offers/{offerCode}/opt-in (the result page's name).
 */
const API = '/apiproxy/v1';

export function registerRewardsPromoRoutes(app: Hono<AppEnv>) {
  app.get(`${API}/campaign-links/:matchId`, async (c) => {
    const s = requireUser(c);
    const { matchId } = parseParams(c, v.object({ matchId: MatchId }));
    return c.json(await campaignLink(c.var.deps.db, s.userId, matchId, now()));
  });

  app.post(`${API}/rewards/bonus-offers/:offerCode/opt-in`, async (c) => {
    const s = requireUser(c);
    const { offerCode } = parseParams(c, v.object({ offerCode: BonusOfferCode }));
    await parseJson(c, v.strictObject({}));
    return c.json(await optInBonus(c.var.deps.db, s.userId, offerCode, now()));
  });
}
