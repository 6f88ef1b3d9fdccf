import { useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { HomeMessages, HomeTexts } from '../../../contracts/home-messages.ts';
import { RewardsTexts } from '../../../contracts/rewards-texts.ts';
import './for-you.css';

/**
 * /account/for-you, 'Home' (spec 3 section 2 "Home stream"; docs/home.md 1): greeting header; signed out the rewards
 * carousel, signed in the status and order widgets; the stream (mounted by the route); guests the two educational
 * cards and the register-card dialog; the bottom buttons. Renders what the route hands it.
 */
export interface ForYouViewProps {
  greeting: { heading: string; prompt: string | null };
  signedIn: boolean;
  /** signed in: Stars, level and the next Reward (null while unknown or on a failed read: the widget is left out) */
  status: { stars: number; level: string; starsToNext: number | null } | null;
  /** the last-order widget (h3) */
  orderWidget?: ReactNode;
  /** the home stream section (h2) */
  stream?: ReactNode;
  /** phone + signed in + a stored-value card: 'Scan in store' (#pay) instead of 'Add Card' */
  scanInStore: boolean;
  /** the #pay overlay, when open */
  overlay?: ReactNode;
  /** signed out: the carousel's reward tiers (image and seeded description each) */
  tiers: ReadonlyArray<RewardTierContent>;
}

export interface RewardTierContent {
  stars: number;
  title: string;
  image: string;
}

export function ForYouView({ greeting, signedIn, status, orderWidget, stream, scanInStore, overlay, tiers }: ForYouViewProps) {
  return (
    <div className="for-you">
      <header className="for-you-greeting">
        <h1>{greeting.heading}</h1>
        {greeting.prompt ? <p>{greeting.prompt}</p> : null}
      </header>
      {signedIn ? null : <RewardsCarousel tiers={tiers} />}
      {signedIn && status ? <StatusWidget status={status} /> : null}
      {signedIn ? orderWidget : null}
      {stream}
      {signedIn ? null : <GuestCards />}
      <nav className="for-you-actions" aria-label="Get started">
        {scanInStore ? (
          <Link to="." hash="pay" className="btn btn--ghost">
            {HomeMessages.scanInStore}
          </Link>
        ) : (
          <Link to="/account/cards/add" className="btn btn--ghost">
            {HomeMessages.addCard}
          </Link>
        )}
        <Link to="/menu" className="btn btn--primary">
          {HomeMessages.startOrder}
        </Link>
      </nav>
      {overlay}
    </div>
  );
}

function StatusWidget({ status }: { status: NonNullable<ForYouViewProps['status']> }) {
  return (
    <section className="for-you-card for-you-status" aria-labelledby="for-you-status-heading">
      <h2 id="for-you-status-heading">{RewardsTexts.stars(status.stars)}</h2>
      <p>{status.level.charAt(0).toUpperCase() + status.level.slice(1)} Status</p>
      {status.starsToNext !== null ? <p>{RewardsTexts.starsToNextReward(status.starsToNext)}</p> : null}
      <Link to="/account/rewards">{HomeMessages.statusWidgetLink}</Link>
    </section>
  );
}

/** spec 2: 1, 2, 3 or 4 items per view by breakpoint (for-you.css --per-view: 1, from 480 px 2, 768 px 3, 1024 px 4) */
export function RewardsCarousel({ tiers }: { tiers: ReadonlyArray<RewardTierContent> }) {
  const list = useRef<HTMLUListElement>(null);
  const move = (dir: 1 | -1) => {
    const el = list.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth, behavior: 'smooth' });
  };
  return (
    <section className="for-you-carousel" aria-labelledby="for-you-carousel-heading">
      <div className="for-you-carousel-head">
        <h2 id="for-you-carousel-heading">{HomeMessages.carouselHeading}</h2>
        <div className="for-you-carousel-buttons">
          <button type="button" className="btn btn--ghost" aria-label={HomeMessages.carouselPrevious} onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="btn btn--ghost" aria-label={HomeMessages.carouselNext} onClick={() => move(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul ref={list} className="for-you-carousel-list" data-testid="rewards-carousel">
        {tiers.map((t) => (
          <li key={t.stars}>
            <img src={t.image} alt="" width={96} height={96} />
            <h3>
              <Link to="/rewards">{HomeTexts.carouselTier(t.stars)}</Link>
            </h3>
            <p>{t.title}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** spec 2: guests' educational cards: start an order; register a card (asks to sign in or create an account first) */
export function GuestCards() {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnUrl = '/account/cards/add';
  return (
    <section className="for-you-guest" aria-label="Get started">
      <article className="for-you-card">
        <h2>{HomeMessages.guestOrderTitle}</h2>
        <p>{HomeMessages.guestOrderBody}</p>
        <Link to="/menu">{HomeMessages.startOrder}</Link>
      </article>
      <article className="for-you-card">
        <h2>{HomeMessages.guestCardTitle}</h2>
        <p>{HomeMessages.guestCardBody}</p>
        <button type="button" className="btn btn--ghost" aria-haspopup="dialog" onClick={() => dialog.current?.showModal()}>
          {HomeMessages.guestCardAction}
        </button>
      </article>
      <dialog ref={dialog} className="for-you-dialog" aria-labelledby="for-you-dialog-heading" aria-describedby="for-you-dialog-body">
        <h2 id="for-you-dialog-heading">{HomeMessages.registerDialogTitle}</h2>
        <p id="for-you-dialog-body">{HomeMessages.registerDialogBody}</p>
        <div className="for-you-dialog-actions">
          <Link to="/account/signin" search={{ returnUrl }} className="btn btn--primary">
            {HomeMessages.registerDialogSignIn}
          </Link>
          <Link to="/account/create" search={{ returnUrl }} className="btn btn--ghost">
            {HomeMessages.registerDialogCreate}
          </Link>
          <button type="button" className="btn btn--ghost" onClick={() => dialog.current?.close()}>
            {HomeMessages.registerDialogClose}
          </button>
        </div>
      </dialog>
    </section>
  );
}
