import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { RewardsTexts as T } from '../../../contracts/rewards-messages.ts';
import type { StarActivity } from '../../../contracts/rewards.ts';
import type { rewardsSummaryMachine } from '../../../machines/rewards-summary.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { RewardsError } from './RewardsError.tsx';
import { rewardsDate, SummaryBlock } from './SummaryBlock.tsx';
import './rewards.css';

const KIND_LABEL: Record<StarActivity['kind'], string> = {
  earn: 'Earned',
  bonus: 'Bonus',
  promo: 'Promotion',
  adjustment: 'Adjustment',
  spend: 'Redeemed',
  reverse_earn: 'Order cancelled',
  return_spend: 'Stars returned',
  expire: 'Expired',
};

/** the rewards theme's frame of the account's rewards pages (green header band) */
export function RewardsThemeFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rewards-theme">
      <div className="rewards-theme-band">
        <h1>{title}</h1>
      </div>
      <div className="rewards-theme-body">{children}</div>
    </div>
  );
}

/**
 * /account/rewards (spec 2: signed-in account page with a rewards theme; docs/rewards.md section 1): the summary,
 * expired and expiring-soon Stars, the last 20 ledger rows ("Star activity"), a link to How It Works. Renders the
 * rewardsSummary machine's snapshot; a failed read is the 'Uh oh!' page.
 */
export function AccountRewardsView({ actor }: { actor: ActorRefFrom<typeof rewardsSummaryMachine> }) {
  const state = useSelector(actor, (s) => s);
  const summary = state.context.summary;
  if (state.matches('loadFailed')) return <RewardsError onRetry={() => actor.send({ type: 'user.retry' })} />;
  return (
    <RewardsThemeFrame title="Rewards">
      {!summary ? (
        <PageLoading />
      ) : (
        <>
          <SummaryBlock summary={summary} />
          <section className="rewards-expirations" aria-labelledby="rewards-expirations-heading">
            <h2 id="rewards-expirations-heading">Expiring Stars</h2>
            {summary.expirations.expiringSoon.length === 0 && summary.expirations.expired.length === 0 ? <p>No Stars expiring soon.</p> : null}
            {summary.expirations.expiringSoon.length > 0 ? (
              <ul aria-label="Expiring soon">
                {summary.expirations.expiringSoon.map((e) => (
                  <li key={`soon-${e.expiresAt}`}>{T.starsExpireOn(e.stars, rewardsDate(e.expiresAt))}</li>
                ))}
              </ul>
            ) : null}
            {summary.expirations.expired.length > 0 ? (
              <ul aria-label="Expired">
                {summary.expirations.expired.map((e) => (
                  <li key={`expired-${e.expiresAt}`}>{T.starsExpiredOn(e.stars, rewardsDate(e.expiresAt))}</li>
                ))}
              </ul>
            ) : null}
          </section>
          <section className="rewards-activity" aria-labelledby="rewards-activity-heading">
            <h2 id="rewards-activity-heading">Star activity</h2>
            {summary.activity.length === 0 ? (
              <p>No Star activity yet. Order ahead to start earning.</p>
            ) : (
              <div className="rewards-activity-scroll">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Activity</th>
                      <th scope="col">Stars</th>
                      <th scope="col">Balance</th>
                    </tr>
                  </thead>
                  <tbody>
                    {summary.activity.map((a, i) => (
                      <tr key={`${a.createdAt}-${i}`} data-kind={a.kind}>
                        <td>{rewardsDate(a.createdAt)}</td>
                        <td>
                          {KIND_LABEL[a.kind]}
                          {a.description ? <span className="rewards-activity-description">{a.description}</span> : null}
                        </td>
                        <td>{a.delta > 0 ? `+${a.delta}` : String(a.delta)}</td>
                        <td>{a.balanceAfter}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </>
      )}
      <p>
        <Link to="/account/rewards/how-it-works">How Harbor Rewards works</Link>
      </p>
    </RewardsThemeFrame>
  );
}
