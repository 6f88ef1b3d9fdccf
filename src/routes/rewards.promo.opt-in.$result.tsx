import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { optInResultOf } from '../../contracts/rewards-promo.ts';
import { configQuery } from '../services/config.ts';
import { OptInResultView } from '../views/rewards/OptInResultView.tsx';

/**
 * /rewards/promo/opt-in/{result} (spec 3 section 2): the eight bonus-offer opt-in result pages; any other path shows
 * the error page (not a 404). Public (spec 6: sign-in "not shown"; the pages hold no member data) and no call.
 */
export const Route = createFileRoute('/rewards/promo/opt-in/$result')({
  loader: ({ context }) => context.queryClient.ensureQueryData(configQuery),
  component: OptInResultPage,
});

function OptInResultPage() {
  const { result } = Route.useParams();
  const { data: config } = useSuspenseQuery(configQuery);
  return <OptInResultView result={optInResultOf(result)} customerServiceUrl={config.cards.commonQuestionsUrl} />;
}
