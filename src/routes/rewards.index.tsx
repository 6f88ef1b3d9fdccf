import { createFileRoute } from '@tanstack/react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { configQuery } from '../services/config.ts';
import { defaultLocale } from '../services/format.ts';
import { sessionQuery } from '../services/session.ts';
import { RewardsClassicView } from '../views/rewards/RewardsClassicView.tsx';
import { RewardsHowItWorksView } from '../views/rewards/RewardsHowItWorksView.tsx';

/**
 * /rewards (spec 3 section 2 "Rewards area", section 4 "Rewards page"): the next-generation-loyalty flag
 * (`rewards.nextGenerationLoyalty`) picks the how-it-works page or the older page with #ways-to-pay.
 */
export const Route = createFileRoute('/rewards/')({
  component: RewardsPage,
});

function RewardsPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  const { data: session } = useQuery(sessionQuery);
  const questionsUrl = config.cards.rewardsQuestionsUrl;
  return config.rewards.nextGenerationLoyalty ? (
    <RewardsHowItWorksView signedIn={!!session?.signedIn} questionsUrl={questionsUrl} />
  ) : (
    <RewardsClassicView locale={defaultLocale()} questionsUrl={questionsUrl} />
  );
}
