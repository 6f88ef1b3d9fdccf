import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { partnerResultPage } from '../../contracts/rewards-partner.ts';
import { configQuery } from '../services/config.ts';
import { PartnerResultView, PartnerUnavailableView } from '../views/rewards/PartnerResultView.tsx';
import { partnerAvailable } from './-rewards-partner/guard.ts';

/**
 * /rewards/partnerships/$hotelPartner/{success | already-linked | unlinked | not-linked | error} (spec 3 sections 2, 8;
 * docs/rewards.md 1): the result pages; any other sub-path is the error page (not a 404). `redirect` is its own route.
 */
export const Route = createFileRoute('/rewards/partnerships/$hotelPartner/$sub')({
  loader: ({ context }) => context.queryClient.ensureQueryData(configQuery),
  component: PartnerSubPage,
});

function PartnerSubPage() {
  const { hotelPartner, sub } = Route.useParams();
  const { data: config } = useSuspenseQuery(configQuery);
  if (!partnerAvailable(config, hotelPartner)) return <PartnerUnavailableView />;
  return <PartnerResultView page={partnerResultPage(sub)} hotelPartner={hotelPartner} />;
}
