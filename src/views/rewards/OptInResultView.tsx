import { Link } from '@tanstack/react-router';
import { OPT_IN_PAGES, PromoMessages, type OptInResult } from '../../../contracts/rewards-promo.ts';
import './promo.css';

/**
 * /rewards/promo/opt-in/{result} (spec 3 section 2 "opt-in result pages", section 8 "Opt-in pages"; docs/rewards.md 1):
 * one of the eight pages, each with its heading and body, 'Order now' to /menu where the offer can be earned, the
 * disclaimer that the offer is exclusive to the account, and the 256 by 256 image. The error page links to the
 * customer service page (config `cards.commonQuestionsUrl`). No call (spec 7).
 */
export function OptInResultView({ result, customerServiceUrl }: { result: OptInResult; customerServiceUrl: string }) {
  const page = OPT_IN_PAGES[result];
  return (
    <div className="promo-page">
      <img src="/rewards/opt-in.svg" alt="" width={256} height={256} />
      <h1>{PromoMessages[page.heading]}</h1>
      <p>{PromoMessages[page.body]}</p>
      {result === 'error' && (
        <p>
          <a href={customerServiceUrl} rel="noopener">
            {PromoMessages.customerService}
          </a>
        </p>
      )}
      {page.orderNow && (
        <div className="promo-actions">
          <Link to="/menu" className="btn btn--primary">
            {PromoMessages.orderNow}
          </Link>
        </div>
      )}
      <p className="promo-disclaimer">{PromoMessages.optInDisclaimer}</p>
    </div>
  );
}

/** the page shown while the opt-in link enrols the member */
export function OptInEnrolling() {
  return (
    <div className="promo-page">
      <h1>{PromoMessages.optInEnrollingHeading}</h1>
      <p role="status">{PromoMessages.optInEnrolling}</p>
    </div>
  );
}
