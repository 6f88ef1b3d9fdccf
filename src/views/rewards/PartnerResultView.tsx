import { Link } from '@tanstack/react-router';
import { PartnerMessages, type PartnerResultPage } from '../../../contracts/rewards-partner.ts';
import './partner.css';

/** each result page's heading and body (spec 3 section 8 "Partner flow"; the error page has both) */
export const PARTNER_RESULT_TEXTS: Record<PartnerResultPage, { heading: string; body?: string }> = {
  success: { heading: PartnerMessages.linked },
  'already-linked': { heading: PartnerMessages.alreadyLinked },
  unlinked: { heading: PartnerMessages.unlinked },
  'not-linked': { heading: PartnerMessages.notLinked },
  error: { heading: PartnerMessages.errorHeading, body: PartnerMessages.errorBody },
};

/**
 * /rewards/partnerships/$hotelPartner/$sub (docs/rewards.md 1): success, already-linked, unlinked, not-linked and error
 * (any other sub-path is the error page), each with a link back to the partnership page. No call.
 */
export function PartnerResultView({ page, hotelPartner }: { page: PartnerResultPage; hotelPartner: string }) {
  const t = PARTNER_RESULT_TEXTS[page];
  return (
    <div className="partner-result">
      <h1>{t.heading}</h1>
      {t.body ? <p>{t.body}</p> : null}
      <Link to="/rewards/partnerships/$hotelPartner" params={{ hotelPartner }}>
        {PartnerMessages.backToPartnership}
      </Link>
    </div>
  );
}

/** The fallback page: the setting is off, or the URL names another partner. */
export function PartnerUnavailableView() {
  return (
    <div className="partner-result">
      <h1>{PartnerMessages.unavailable}</h1>
      <Link to="/">{PartnerUnavailableTexts.home}</Link>
    </div>
  );
}
export const PartnerUnavailableTexts = { home: 'Back to the home page' } as const;
