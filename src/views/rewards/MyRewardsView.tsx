import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { knownBenefits, levelLabel, type UniversalBenefit } from '../../../contracts/rewards.ts';
import { RewardsMessages as M, RewardsTexts as T } from '../../../contracts/rewards-messages.ts';
import type { rewardsSummaryMachine } from '../../../machines/rewards-summary.machine.ts';
import { PageLoading } from '../shell/Loading.tsx';
import { UNIVERSAL_BENEFITS } from './benefits.ts';
import { RewardsSubNav } from './RewardsBlocks.tsx';
import { RewardsError } from './RewardsError.tsx';
import { SummaryBlock } from './SummaryBlock.tsx';
import './rewards.css';

/** The universal-benefits box (spec 3): the configured known, enabled cards; none → 'Benefits information will be available soon.' */
export function BenefitsBox({ cards }: { cards: readonly UniversalBenefit[] }) {
  const ids = knownBenefits(cards);
  return (
    <section className="rewards-benefits" aria-labelledby="rewards-benefits-heading">
      <h2 id="rewards-benefits-heading">Benefits for every member</h2>
      {ids.length === 0 ? (
        <p>{M.benefitsFallback}</p>
      ) : (
        <ul className="rewards-benefits-list">
          {ids.map((id) => {
            const b = UNIVERSAL_BENEFITS[id];
            return (
              <li key={id} data-benefit={id}>
                <img src={b.image} alt="" width={120} height={120} />
                <h3>{b.title}</h3>
                <p>{b.body}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * /rewards/my-rewards (spec 2 "Rewards area", flag on only): 'Your {level} Status benefits' (level capitalised,
 * default Green: signed out, or no summary yet), a member's figures, the universal-benefits box, the sub-navigation
 * when signed in. A failed summary read is the 'Uh oh!' page. Renders the rewardsSummary machine's snapshot.
 */
export function MyRewardsView({ actor, universalBenefits }: { actor: ActorRefFrom<typeof rewardsSummaryMachine>; universalBenefits: readonly UniversalBenefit[] }) {
  const state = useSelector(actor, (s) => s);
  const { signedIn, summary } = state.context;
  if (state.matches('loadFailed')) {
    return (
      <div className="rewards-page">
        <RewardsSubNav signedIn={signedIn} />
        <RewardsError onRetry={() => actor.send({ type: 'user.retry' })} />
      </div>
    );
  }
  return (
    <div className="rewards-page">
      <RewardsSubNav signedIn={signedIn} />
      <div className="rewards-status">
        <h1>{T.statusBenefits(levelLabel(summary?.level))}</h1>
        {state.matches('loading') ? <PageLoading /> : summary ? <SummaryBlock summary={summary} /> : null}
      </div>
      <BenefitsBox cards={universalBenefits} />
    </div>
  );
}
