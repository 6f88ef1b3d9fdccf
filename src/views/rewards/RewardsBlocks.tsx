import { Link } from '@tanstack/react-router';
import { RewardsMessages as M } from '../../../contracts/rewards-messages.ts';

/**
 * Pieces the rewards pages share (docs/rewards.md section 1): the sub-navigation (spec 2: 'How It Works' and 'My
 * Rewards', only when signed in) and the questions block.
 */
export function RewardsSubNav({ signedIn }: { signedIn: boolean }) {
  if (!signedIn) return null;
  return (
    <nav className="rewards-subnav" aria-label="Rewards">
      <Link to="/rewards" activeOptions={{ exact: true }} activeProps={{ className: 'active', 'aria-current': 'page' }}>
        {M.howItWorks}
      </Link>
      <Link to="/rewards/my-rewards" activeProps={{ className: 'active', 'aria-current': 'page' }}>
        {M.myRewards}
      </Link>
    </nav>
  );
}

export function QuestionsBlock({ questionsUrl }: { questionsUrl: string }) {
  return (
    <section className="rewards-questions" aria-labelledby="rewards-questions-heading">
      <h2 id="rewards-questions-heading">{M.questionsHeading}</h2>
      <p>Find out how Stars work, when they expire and how to redeem them.</p>
      <a href={questionsUrl}>{M.questionsLink}</a>
    </section>
  );
}
