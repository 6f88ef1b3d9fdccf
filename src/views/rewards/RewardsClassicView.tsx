import { Link } from '@tanstack/react-router';
import { RewardsMessages as M } from '../../../contracts/rewards-messages.ts';
import { QuestionsBlock } from './RewardsBlocks.tsx';
import { useHashScroll, WAYS_TO_PAY_ID } from './ways-to-pay.ts';
import './rewards.css';

/**
 * /rewards with the next-generation-loyalty flag off, the older page (spec 2 "Rewards area"): ways to pay (pay as you
 * go; add funds in the app) at `#ways-to-pay`, scrolled to with the 50 / 149 px offset on load and on hash change;
 * questions; the terms, whose US-only store-locator link and sentence show only for the locale en-US.
 */
export function RewardsClassicView({ locale, questionsUrl }: { locale: string; questionsUrl: string }) {
  useHashScroll(WAYS_TO_PAY_ID);
  return (
    <div className="rewards-page rewards-classic">
      <section className="rewards-hero rewards-hero--classic">
        <div className="rewards-hero-text">
          <h1>Harbor Rewards</h1>
          <p>Earn Stars with every purchase and redeem them for free drinks, food and more.</p>
          <a href={`#${WAYS_TO_PAY_ID}`}>{M.waysToPayHeading}</a>
        </div>
      </section>
      <section id={WAYS_TO_PAY_ID} className="rewards-ways" aria-labelledby="ways-to-pay-heading">
        <h2 id="ways-to-pay-heading" tabIndex={-1}>
          {M.waysToPayHeading}
        </h2>
        <div className="rewards-ways-grid">
          <div>
            <h3>Pay as you go</h3>
            <p>Scan your member code and pay with cash, a credit or debit card or a mobile wallet: earn 1 Star per $1.</p>
          </div>
          <div>
            <h3>Add funds in the app</h3>
            <p>Preload a Harbor card and pay with it: earn 2 Stars per $1, and reload automatically when the balance is low.</p>
          </div>
        </div>
      </section>
      <QuestionsBlock questionsUrl={questionsUrl} />
      <section className="rewards-terms" aria-labelledby="rewards-terms-heading">
        <h2 id="rewards-terms-heading">Terms</h2>
        <p>
          Stars are earned on qualifying purchases at participating stores. Stars expire on the first day of the seventh month after the month they were
          earned. Rewards can be redeemed from 25 Stars; 200-Star Rewards are available at select stores. A merchandise Reward covers up to $20 and a
          drink customization is free up to $1.
        </p>
        {locale === 'en-US' ? (
          <p className="rewards-us-only">
            Available at participating stores in the U.S. only. <Link to="/store-locator">Find a participating store</Link>.
          </p>
        ) : null}
        <p>The programme may be changed or ended at any time. Stars have no cash value and cannot be transferred.</p>
      </section>
    </div>
  );
}
