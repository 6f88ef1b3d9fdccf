import { Link } from '@tanstack/react-router';
import { REWARD_TIER_CONTENT } from './benefits.ts';
import { useHashScroll, WAYS_TO_PAY_ID } from './ways-to-pay.ts';
import './rewards.css';

/**
 * The public rewards marketing page, /rewards/program (spec 2 "Rewards area"; route chosen, docs/rewards.md
 * section 1): hero (720x461), benefits, getting started (link /account/create), the reward tiers (25 to 400 Stars,
 * 200 at select stores), partnerships (miles on reloads of $25 or more), ways to pay (`#ways-to-pay`, the in-page
 * link scrolls with the 50 / 149 px offset) and terms. Marketing claims are spec 1's.
 */
export function RewardsProgramView() {
  useHashScroll(WAYS_TO_PAY_ID);
  return (
    <div className="rewards-page rewards-program">
      <section className="rewards-hero rewards-hero--program">
        <div className="rewards-hero-text">
          <h1>Harbor Rewards</h1>
          <p>Free coffee is a tap away. Join now and start earning Stars with every order, paid with cash or card.</p>
          <div className="row">
            <Link to="/account/create" className="btn btn--primary">
              Join now
            </Link>
            <a href={`#${WAYS_TO_PAY_ID}`}>Ways to pay</a>
          </div>
        </div>
        <img className="rewards-hero-image rewards-hero-image--program" src="/rewards/program-hero.svg" alt="" width={720} height={461} />
      </section>

      <section className="rewards-section" aria-labelledby="program-benefits-heading">
        <h2 id="program-benefits-heading">Benefits</h2>
        <ul className="rewards-cards">
          <li>
            <h3>Free birthday treat</h3>
            <p>Celebrate with a free drink or food item on your birthday.</p>
          </li>
          <li>
            <h3>Order ahead</h3>
            <p>Customize your order, pay in the app and pick it up when it is ready.</p>
          </li>
          <li>
            <h3>Free refills</h3>
            <p>Brewed coffee and tea refills are free during the same in-store visit.</p>
          </li>
        </ul>
      </section>

      <section className="rewards-section" aria-labelledby="program-start-heading">
        <h2 id="program-start-heading">Getting started</h2>
        <ol className="rewards-steps">
          <li>
            <h3>Create an account</h3>
            <p>
              <Link to="/account/create">Join Harbor Rewards</Link> for free with your email address.
            </p>
          </li>
          <li>
            <h3>Order and pay how you like</h3>
            <p>Earn 1 Star per $1 when you pay as you go, up to 2 Stars per $1 with a preloaded Harbor card.</p>
          </li>
          <li>
            <h3>Redeem your Stars</h3>
            <p>Rewards start at 25 Stars. A drink customization is free up to $1, a merchandise Reward covers up to $20.</p>
          </li>
        </ol>
      </section>

      <section className="rewards-section" aria-labelledby="program-tiers-heading">
        <h2 id="program-tiers-heading">Get your favorites for free</h2>
        <ul className="rewards-tiers">
          {REWARD_TIER_CONTENT.map((t) => (
            <li key={t.stars}>
              <img src={t.image} alt="" width={96} height={96} />
              <h3>{t.stars} Stars</h3>
              <p>{t.title}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id={WAYS_TO_PAY_ID} className="rewards-section rewards-ways" aria-labelledby="program-ways-heading">
        <h2 id="program-ways-heading" tabIndex={-1}>
          Ways to pay
        </h2>
        <div className="rewards-ways-grid">
          <div>
            <h3>Pay as you go</h3>
            <p>Scan your member code and pay with cash, a card or a mobile wallet: 1 Star per $1.</p>
          </div>
          <div>
            <h3>Add funds</h3>
            <p>Preload a Harbor card in the app or online and pay with it: 2 Stars per $1.</p>
          </div>
        </div>
      </section>

      <section className="rewards-section" aria-labelledby="program-partners-heading">
        <h2 id="program-partners-heading">Partnerships</h2>
        <ul className="rewards-partners">
          <li>
            <h3>Airline miles</h3>
            <p>Link your airline loyalty account and earn miles on Harbor card reloads of $25 or more.</p>
          </li>
          <li>
            <h3>Bank card</h3>
            <p>Earn Stars on everyday purchases with our partner bank&apos;s card.</p>
          </li>
          <li>
            <h3>Hotel stays</h3>
            <p>Link Lodgecrest Rewards and earn double Stars on eligible stay days.</p>
          </li>
          <li>
            <h3>Canadian bank</h3>
            <p>Members in Canada earn Stars with our partner bank&apos;s card.</p>
          </li>
        </ul>
      </section>

      <section className="rewards-section rewards-terms" aria-labelledby="program-terms-heading">
        <h2 id="program-terms-heading">Terms</h2>
        <p>
          Stars are earned on qualifying purchases at participating stores and expire on the first day of the seventh month after the month they were
          earned. 200-Star Rewards are available at select stores. Partner offers follow each partner&apos;s terms. Stars have no cash value and cannot
          be transferred. The programme may be changed or ended at any time.
        </p>
      </section>
    </div>
  );
}
