import { RewardsMessages as M } from '../../../contracts/rewards-messages.ts';
import './rewards.css';

/**
 * The rewards error page (spec 3 section 8 "Rewards and stream": heading 'Uh oh!'): a summary read that failed on
 * /rewards/my-rewards or /account/rewards, with the generic text and Try again (docs/rewards.md section 1).
 */
export function RewardsError({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="rewards-error" role="alert" aria-labelledby="rewards-error-heading">
      <h1 id="rewards-error-heading">{M.rewardsErrorHeading}</h1>
      <p>{M.generic}</p>
      <button type="button" className="btn btn--primary" onClick={onRetry}>
        {M.tryAgain}
      </button>
    </section>
  );
}
