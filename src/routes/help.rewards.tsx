import { createFileRoute } from '@tanstack/react-router';
import { RewardsQuestionsView } from '../views/rewards/RewardsQuestionsView.tsx';

/** /help/rewards: the rewards questions (config `cards.rewardsQuestionsUrl`; sample text). */
export const Route = createFileRoute('/help/rewards')({
  component: RewardsQuestionsView,
});
