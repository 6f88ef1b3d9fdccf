import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { requireSignIn } from '../services/auth-guard.ts';
import { configQuery } from '../services/config.ts';
import { RewardsHowItWorksView } from '../views/rewards/RewardsHowItWorksView.tsx';

/**
 * /account/rewards/how-it-works (spec 3 section 2: signed-in account page with a rewards theme): the how-it-works
 * content in the rewards theme, whatever the flag (docs/rewards.md section 1: the account page has no older variant).
 */
export const Route = createFileRoute('/account/rewards/how-it-works')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: HowItWorksPage,
});

function HowItWorksPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  return (
    <div className="rewards-theme">
      <RewardsHowItWorksView signedIn questionsUrl={config.cards.rewardsQuestionsUrl} subNav={false} />
    </div>
  );
}
