import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { HomeMessages as M } from '../../../contracts/home-messages.ts';
import { HomeStreamTexts as T, streamDate } from '../../../contracts/home-stream-texts.ts';
import type { CouponStreamItem, ContentStreamItem, GuestStreamItem, InformationStreamItem, StarExpiryStreamItem } from '../../../contracts/home.ts';
import { couponRedeemable, ctaEnabled, daysLeftLabel, expiryButton, guestCtaEnabled, isGuestItem, type AnyStreamItem } from '../../../machines/home-stream-filter.ts';
import { FormAlert } from '../shared/form.tsx';
import { Spinner } from '../shell/Loading.tsx';
import './home-stream.css';

/** what the homeStream machine's state means for the page (docs/home.md 2.1) */
export type StreamView = 'hidden' | 'loading' | 'showing' | 'failed';

/**
 * The home stream's block (spec 3 section 2 "Home stream": the loading indicator, the stream's cards, the error
 * block; section 5: each card's rules): renders the visible items it is given (already filtered by
 * `visibleItems`), in order; the onboarding item's place holds `onboarding` (OnboardingBlock, its own machine).
 */
export function StreamCards({ view, items, now, onboarding }: { view: StreamView; items: readonly AnyStreamItem[]; now: number; onboarding?: ReactNode }) {
  if (view === 'hidden') return null;
  if (view === 'loading')
    return (
      <div className="home-stream home-stream--loading">
        <Spinner label={M.streamLoading} />
      </div>
    );
  if (view === 'failed')
    return (
      <div className="home-stream">
        <FormAlert>
          <p>{M.streamFailed}</p>
          <p>{M.streamRefresh}</p>
        </FormAlert>
      </div>
    );
  if (items.length === 0) return null;
  return (
    <section className="home-stream" aria-labelledby="home-stream-heading">
      <h2 id="home-stream-heading" className="visually-hidden">
        {T.streamHeading}
      </h2>
      <ul className="stream-cards">
        {items.map((item) =>
          isGuestItem(item) ? (
            <li key={item.id} className="stream-card">
              <GuestCard item={item} />
            </li>
          ) : item.streamItemType === 'onboarding' ? (
            onboarding ? (
              <li key={item.streamItemId} className="stream-card stream-card--onboarding">
                {onboarding}
              </li>
            ) : null
          ) : (
            <li key={item.streamItemId} className={`stream-card stream-card--${item.streamItemType}`}>
              {item.streamItemType === 'coupon' ? <CouponCard item={item} /> : null}
              {item.streamItemType === 'rewardPointsExpiration' ? <ExpiryCard item={item} /> : null}
              {item.streamItemType === 'information' ? <ContentCard item={item} now={now} /> : null}
              {item.streamItemType === 'content' ? <ContentCard item={item} now={now} /> : null}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

function CouponCard({ item }: { item: CouponStreamItem }) {
  const c = item.rewardsCoupon.coupon;
  return (
    <article aria-label={T.couponTitle}>
      <h3>{T.couponTitle}</h3>
      <p>{T.couponCode(c.couponCode)}</p>
      <p>{T.couponExpires(streamDate(c.expirationDate))}</p>
      {couponRedeemable(c.status) ? (
        <Link to="/menu/cart" search={{ offer: c.couponCode }} className="btn btn--primary">
          {M.couponRedeem}
        </Link>
      ) : (
        <p>{T.couponNotRedeemable}</p>
      )}
      {item.legalfooter ? <p className="stream-legal">{item.legalfooter}</p> : null}
    </article>
  );
}

function ExpiryCard({ item }: { item: StarExpiryStreamItem }) {
  const x = item.rewardPointsExpiration;
  const e = x.nextRewardPointsExpirationEvent.rewardPointsExpirationEvent;
  const title = T.expiryTitle(Math.floor(e.rewardPoints));
  return (
    <article aria-label={title}>
      <h3>{title}</h3>
      <p>{T.expiryBody(streamDate(e.expirationDate), Math.floor(x.rewardPointsTotal))}</p>
      {expiryButton(x.rewardPointsTotal) === 'order' ? (
        <Link to="/menu" className="btn btn--primary">
          {M.expiryOrder}
        </Link>
      ) : (
        <Link to="/account/cards" hash="add-money" className="btn btn--primary">
          {M.addFunds}
        </Link>
      )}
    </article>
  );
}

function ContentCard({ item, now }: { item: InformationStreamItem | ContentStreamItem; now: number }) {
  const c = item.content.item;
  const title = c.title ?? '';
  return (
    <article aria-label={title}>
      {c.image ? <img className="stream-image" src={c.image} alt="" width={720} height={461} loading="lazy" /> : null}
      <h3>{title}</h3>
      <p>{c.body}</p>
      {item.streamItemType === 'information' && item.endDate ? <p className="stream-days-left">{T.daysLeft(daysLeftLabel(item.endDate, now))}</p> : null}
      {ctaEnabled(c) ? (
        <a className="btn btn--primary" href={c.calltoactionlink} {...(c.calltoactionlinkalttext ? { 'aria-label': c.calltoactionlinkalttext } : {})}>
          {c.calltoactiontext}
        </a>
      ) : null}
      {c.legalfooter || item.legalfooter ? <p className="stream-legal">{c.legalfooter ?? item.legalfooter}</p> : null}
    </article>
  );
}

function GuestCard({ item }: { item: GuestStreamItem }) {
  const c = item.content;
  const title = c.title ?? c.carouselItem?.[0]?.text ?? '';
  return (
    <article aria-label={title}>
      {c.image ? <img className="stream-image" src={c.image.url} alt="" width={720} height={461} loading="lazy" /> : null}
      {c.title ? <h3>{c.title}</h3> : null}
      {c.body ? <p>{c.body}</p> : null}
      {c.carouselItem?.length ? (
        // scrolls sideways at phone widths: focusable so the keyboard can scroll it (axe scrollable-region-focusable,
        // found by e2e/home.spec.ts's guest stream with the flag on)
        <ul className="stream-carousel" tabIndex={0} aria-label={title}>
          {c.carouselItem.map((ci) => (
            <li key={ci.text}>
              <img src={ci.image.url} alt="" width={232} height={232} loading="lazy" />
              <span>{ci.text}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {[c.callToAction, c.callToAction2].map((cta, i) =>
        cta && guestCtaEnabled(cta) ? (
          <a key={i} className={i === 0 ? 'btn btn--primary' : 'btn btn--ghost'} href={cta.Link}>
            {cta.Text}
          </a>
        ) : null,
      )}
    </article>
  );
}
