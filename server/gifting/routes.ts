import * as v from 'valibot';
import type { Hono } from 'hono';
import { GiftHistoryQuery, GiftPurchaseRequest, GiftStatusQuery } from '../../contracts/gift.ts';
import type { AppEnv } from '../http/types.ts';
import { parse, parseJson, parseQuery } from '../http/validate.ts';
import { rateLimited, requireUser } from '../auth/require.ts';
import { clientIp } from '../auth/client-ip.ts';
import { acceptPurchase, type Buyer } from './purchase.ts';
import { purchaseStatus } from './status.ts';
import { giftHistory } from './history.ts';
import { giftSettings, type GiftSettings } from './settings.ts';

/**
 * REST calls of gifting (docs/gifting.md 3.2, 3.4, 3.8): purchase acceptance (guests and members; CSRF by the
 * /apiproxy layer), its status by X-Request-ID, and a member's gift history. The claim is a cards route
 * (server/cards/routes.ts: claim-egift, get-card-info-from-token).
 */
const API = '/apiproxy/v1/gift';
const RequestIdHeader = v.object({ 'X-Request-ID': v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{8,100}$/, 'a request id of 8 to 100 letters, digits, _ or -')) });

export function registerGiftRoutes(app: Hono<AppEnv>, given?: GiftSettings) {
  const settings = given ?? giftSettings(process.env);
  app.post(`${API}/gift-purchase`, async (c) => {
    const body = await parseJson(c, GiftPurchaseRequest);
    const { db, config } = c.var.deps;
    const s = c.var.session;
    const buyer: Buyer = s ? { userId: s.userId, guest: false } : { userId: null, guest: true, ip: clientIp(c) };
    const answer = await acceptPurchase(db, body, buyer, {
      gifting: config.gifting,
      workerDelayMs: settings.workerDelayMs,
      limited: (retryAfter) => rateLimited(c, retryAfter),
    });
    return c.json(answer, 202);
  });

  app.get(`${API}/gift-purchase-status`, async (c) => {
    const { 'X-Request-ID': requestId } = parse(RequestIdHeader, { 'X-Request-ID': c.req.header('x-request-id') });
    const q = parseQuery(c, GiftStatusQuery);
    const zero = q['zero-retries'];
    const answer = await purchaseStatus(c.var.deps.db, requestId, c.var.session?.userId ?? null, zero === undefined ? undefined : zero === 'true');
    return c.json(answer);
  });

  app.get(`${API}/history`, async (c) => {
    const s = requireUser(c);
    const q = parseQuery(c, GiftHistoryQuery);
    return c.json(await giftHistory(c.var.deps.db, s.userId, q.page, q.pageSize, { dispatcher: !!process.env.SMTP_URL }));
  });
}

