import { createFileRoute } from '@tanstack/react-router';
import { RewardsProgramView } from '../views/rewards/RewardsProgramView.tsx';

/** /rewards/program: the public rewards marketing page (spec 3 section 2; route chosen, docs/rewards.md section 1). */
export const Route = createFileRoute('/rewards/program')({
  component: RewardsProgramView,
});
