import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { partnerRedirectMachine } from '../../machines/partner-redirect.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { configQuery } from '../services/config.ts';
import { useRedirect } from '../services/redirect.ts';
import { windowRedirect } from '../services/window-redirect.ts';
import { partnerRedirectActors } from '../services/rewards/partner.ts';
import { PartnerRedirectView } from '../views/rewards/PartnerRedirectView.tsx';
import { PartnerUnavailableView } from '../views/rewards/PartnerResultView.tsx';
import { partnerAvailable } from './-rewards-partner/guard.ts';

/**
 * /rewards/partnerships/$hotelPartner/redirect (spec 3 sections 2, 4, 9; docs/rewards.md 2.4): no global navigation
 * or footer; signed in only (a guest signs in and comes back). Waits 5 s, asks for the partner's URL, and sends the
 * window there when its origin is this app's or the configured partner's.
 */
export const Route = createFileRoute('/rewards/partnerships/$hotelPartner/redirect')({
  staticData: { chrome: 'none' },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: ({ context }) => context.queryClient.ensureQueryData(configQuery),
  component: PartnerRedirectPage,
});

function PartnerRedirectPage() {
  const { hotelPartner } = Route.useParams();
  const { data: config } = useSuspenseQuery(configQuery);
  if (!partnerAvailable(config, hotelPartner)) return <PartnerUnavailableView />;
  return <Redirecting hotelPartner={hotelPartner} authorizeOrigin={config.rewards.hotelPartner.authorizeOrigin} />;
}

function Redirecting({ hotelPartner, authorizeOrigin }: { hotelPartner: string; authorizeOrigin: string | null }) {
  const redirect = useRedirect();
  const actor = useActorRef(
    partnerRedirectMachine.provide({
      actors: partnerRedirectActors(),
      actions: {
        redirect,
        // the machine checked the URL's origin (this app's or the configured partner's)
        navigateWindow: windowRedirect((context: { redirectURL: string | null }) => context.redirectURL),
      },
    }),
    { input: { hotelPartner, allowedOrigins: [window.location.origin, ...(authorizeOrigin ? [authorizeOrigin] : [])] } },
  );
  return <PartnerRedirectView actor={actor} />;
}
