import { Link } from '@tanstack/react-router';
import { RewardsMessages as M } from '../../../contracts/rewards-messages.ts';
import { QuestionsBlock, RewardsSubNav } from './RewardsBlocks.tsx';
import './rewards.css';

/**
 * /rewards with the next-generation-loyalty flag on (spec 2 "Rewards area"), and /account/rewards/how-it-works in the
 * account frame: the hero (448x579 image) with 'Join Now' to /account/create (not shown to a member), the three
 * cards 'Earn Stars', 'Get Rewarded', 'Indulge in the Benefits', the questions block; the sub-navigation only when
 * signed in (`subNav`, /rewards only).
 */
export function RewardsHowItWorksView({ signedIn, questionsUrl, subNav = true }: { signedIn: boolean; questionsUrl: string; subNav?: boolean }) {
  return (
    <div className="rewards-page">
      {subNav ? <RewardsSubNav signedIn={signedIn} /> : null}
      <section className="rewards-hero">
        <div className="rewards-hero-text">
          <h1>Harbor Rewards: how it works</h1>
          <p>Join for free, earn Stars on every order and turn them into free drinks and food.</p>
          {signedIn ? null : (
            <Link to="/account/create" className="btn btn--primary">
              {M.joinNow}
            </Link>
          )}
        </div>
        <img className="rewards-hero-image" src="/rewards/rewards-hero.svg" alt="" width={448} height={579} />
      </section>
      <ul className="rewards-cards" aria-label="How it works">
        <li>
          <img src="/rewards/card-earn.svg" alt="" width={120} height={120} />
          <h2>{M.earnStars}</h2>
          <p>Pay as you go and earn 1 Star per $1, or pay with a preloaded Harbor card and earn 2 Stars per $1.</p>
        </li>
        <li>
          <img src="/rewards/card-rewarded.svg" alt="" width={120} height={120} />
          <h2>{M.getRewarded}</h2>
          <p>Redeem from 25 Stars: a free customization, a brewed coffee, a handcrafted drink and more.</p>
        </li>
        <li>
          <img src="/rewards/card-benefits.svg" alt="" width={120} height={120} />
          <h2>{M.indulgeInBenefits}</h2>
          <p>Free drink Mondays, birthday treats, members-only games and double Stars with your own cup.</p>
        </li>
      </ul>
      <QuestionsBlock questionsUrl={questionsUrl} />
    </div>
  );
}
