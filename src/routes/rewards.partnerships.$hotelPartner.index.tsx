import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { hotelPartnerMachine } from '../../machines/hotel-partner.machine.ts';
import { configQuery } from '../services/config.ts';
import { useRedirect } from '../services/redirect.ts';
import { sessionQuery } from '../services/session.ts';
import { hotelPartnerActors } from '../services/rewards/partner.ts';
import { PartnerLandingView } from '../views/rewards/PartnerLandingView.tsx';
import { PartnerUnavailableView } from '../views/rewards/PartnerResultView.tsx';
import { partnerAvailable } from './-rewards-partner/guard.ts';

/**
 * /rewards/partnerships/$hotelPartner (spec 3 section 2 "Partner landing page"; docs/rewards.md 1, 2.3): the landing
 * when the hotel partner setting is on and the slug is the configured partner's, else the fallback page. Public:
 * Link and Unlink send a guest to sign-in (variants hotel-link / hotel-unlink) with a return URL.
 */
export const Route = createFileRoute('/rewards/partnerships/$hotelPartner/')({
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(configQuery), context.queryClient.ensureQueryData(sessionQuery)]),
  component: HotelPartnerPage,
});

function HotelPartnerPage() {
  const { hotelPartner } = Route.useParams();
  const { data: config } = useSuspenseQuery(configQuery);
  if (!partnerAvailable(config, hotelPartner)) return <PartnerUnavailableView />;
  return <Landing hotelPartner={hotelPartner} />;
}

function Landing({ hotelPartner }: { hotelPartner: string }) {
  // Back returns to the landing (a push, as before)
  const redirect = useRedirect({ replace: false });
  const { data: config } = useSuspenseQuery(configQuery);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const actor = useActorRef(
    hotelPartnerMachine.provide({
      actors: hotelPartnerActors(),
      actions: {
        redirect,
      },
    }),
    { input: { signedIn: session.signedIn, hotelPartner } },
  );
  return <PartnerLandingView actor={actor} joinUrl={config.rewards.hotelPartner.joinUrl} partnerName={config.rewards.hotelPartner.name} />;
}
