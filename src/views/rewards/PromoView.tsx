import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PromoMessages, type PromoMessageKey } from '../../../contracts/rewards-promo.ts';
import type { promoRedeemMachine } from '../../../machines/promo-redeem.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import './promo.css';

/**
 * /rewards/promo/redeem?matchId= (spec 3 sections 2, 4 "Promo redemption", 8; docs/rewards.md 2.1): loading, then the
 * success view ('Success!' and the 24-hour note, promo image 232 px) or the failure view with the message of the
 * failed state ('Try again' when the failure is retryable: too soon, generic). Renders the promoRedeem machine's
 * snapshot and sends its events, nothing else.
 */
export function PromoView({ actor }: { actor: ActorRefFrom<typeof promoRedeemMachine> }) {
  const state = useSelector(actor, (s) => s);
  const message = (Object.values(state.getMeta()) as Array<{ message?: PromoMessageKey } | undefined>).map((m) => m?.message).find(Boolean);
  if (state.matches('succeeded')) {
    return (
      <div className="promo-page">
        <img src="/rewards/promo.svg" alt="" width={232} height={232} />
        <h1>{PromoMessages.promoSuccess}</h1>
        <p>{PromoMessages.promoSuccessNote}</p>
        <div className="promo-actions">
          <Link to="/menu" className="btn btn--primary">
            {PromoMessages.orderNow}
          </Link>
        </div>
      </div>
    );
  }
  if (state.hasTag('error') && message) {
    const retry = state.matches({ failed: 'tooSoon' }) || state.matches({ failed: 'generic' });
    return (
      <div className="promo-page">
        <img src="/rewards/promo.svg" alt="" width={232} height={232} />
        <h1>{PromoMessages.promoHeading}</h1>
        <p role="alert">{PromoMessages[message]}</p>
        {retry && (
          <div className="promo-actions">
            <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
              {PromoMessages.tryAgain}
            </button>
          </div>
        )}
      </div>
    );
  }
  return (
    <div className="promo-page">
      <h1>{PromoMessages.promoHeading}</h1>
      <p className="visually-hidden">{PromoMessages.promoLoading}</p>
      <PageLoading />
    </div>
  );
}
