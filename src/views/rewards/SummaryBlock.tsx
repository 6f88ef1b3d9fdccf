import { levelLabel, type RewardsPageSummary } from '../../../contracts/rewards.ts';
import { RewardsTexts as T } from '../../../contracts/rewards-messages.ts';

/** 'Jan 1, 2027' (expiry dates are midnight UTC) */
export const rewardsDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The member's figures (docs/rewards.md section 1): Stars balance, level, Stars to the next Reward (none above
 * 400), the soonest expiring Stars. Read from the summary (R1's server/rewards/summary.ts through GraphQL).
 */
export function SummaryBlock({ summary }: { summary: RewardsPageSummary }) {
  const level = levelLabel(summary.level);
  const soonest = summary.expiringStars[0];
  return (
    <section className="rewards-summary" aria-labelledby="rewards-summary-heading">
      <h2 id="rewards-summary-heading" className="visually-hidden">
        Your Stars
      </h2>
      <dl className="rewards-figures">
        <div>
          <dt>Stars balance</dt>
          <dd className="rewards-stars">{T.stars(summary.stars)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd className="rewards-level">{summary.levelExpiresAt ? T.levelUntil(level, rewardsDate(summary.levelExpiresAt)) : level}</dd>
        </div>
        <div>
          <dt>Next Reward</dt>
          <dd className="rewards-next">{summary.nextReward ? T.starsToNextReward(summary.nextReward.starsToNext) : 'You can redeem any Reward'}</dd>
        </div>
      </dl>
      {soonest ? <p className="rewards-expiring">{T.starsExpireOn(soonest.stars, rewardsDate(soonest.expiresAt))}</p> : null}
    </section>
  );
}
