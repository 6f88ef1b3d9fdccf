import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { oauthConsentMachine } from '../../machines/oauth-consent.machine.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { configQuery } from '../services/config.ts';
import { windowRedirect } from '../services/window-redirect.ts';
import { oauthConsentActors } from '../services/consent.actors.ts';
import { OAuthConsentView } from '../views/consent/OAuthConsentView.tsx';
import { TextParam as Param } from './-consent/search.ts';

const AuthorizeSearch = v.object({
  client_id: Param(64),
  response_type: Param(40),
  redirect_uri: Param(2000),
  scope: Param(200),
  state: Param(500),
  code_challenge: Param(128),
  code_challenge_method: Param(10),
});

/**
 * /oauth/authorize (spec 2 sections 2, 4, 5; issue 11): hides the global navigation and requires a signed-in
 * member (a guest signs in first and comes back with every parameter). The machine checks the status, shows the
 * consent form, and sends the browser back to the third-party application.
 */
export const Route = createFileRoute('/oauth/authorize')({
  validateSearch: AuthorizeSearch,
  staticData: { chrome: 'none' },
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: OAuthAuthorizePage,
});

function OAuthAuthorizePage() {
  const s = Route.useSearch();
  const { data: config } = useSuspenseQuery(configQuery);
  const actor = useActorRef(
    oauthConsentMachine.provide({
      actors: oauthConsentActors(),
      actions: {
        // the destination is the third-party application (validated by the server): a full navigation
        redirect: windowRedirect((context: { destination: string | null }) => context.destination),
      },
    }),
    {
      input: {
        clientId: s.client_id ?? null,
        responseType: s.response_type ?? null,
        redirectUri: s.redirect_uri ?? null,
        scope: s.scope ?? null,
        state: s.state ?? null,
        codeChallenge: s.code_challenge ?? null,
        codeChallengeMethod: s.code_challenge_method ?? null,
      },
    },
  );
  return <OAuthConsentView actor={actor} product={config.brand.product} />;
}
