import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { privacyOptOutMachine } from '../../machines/privacy-opt-out.machine.ts';
import { configQuery } from '../services/config.ts';
import { privacyOptOutActors } from '../services/privacy/privacy-opt-out.ts';
import { sessionQuery } from '../services/session.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { openCookiePreferences } from '../services/cookie-preferences-lazy.tsx';
import { PrivacyRequestView } from '../views/consent/PrivacyViews.tsx';
import { TextParam } from './-consent/search.ts';

/** ?platform=… (an app's web view): any bounded value counts as present */
const PrivacySearch = v.object({ platform: TextParam(40) });

/**
 * /personal-information (spec 2 section 2): anyone files a Do Not Sell or Share request; a signed-in visitor
 * without the platform parameter is redirected to /account/settings/privacy.
 */
export const Route = createFileRoute('/personal-information/')({
  validateSearch: PrivacySearch,
  beforeLoad: async ({ context, search }) => {
    if (search.platform !== undefined) return;
    const session = await context.queryClient.fetchQuery(sessionQuery);
    if (session.signedIn) throw redirect({ to: '/account/settings/privacy', replace: true });
  },
  component: PersonalInformationPage,
});

function PersonalInformationPage() {
  const { platform } = Route.useSearch();
  const { data: config } = useSuspenseQuery(configQuery);
  const flow = useAccountFlowActions();
  const actor = useActorRef(
    privacyOptOutMachine.provide({
      actors: privacyOptOutActors(),
      actions: { redirect: flow.redirect },
    }),
  );
  return <PrivacyRequestView actor={actor} brandName={config.brand.name} showCookieButton={platform === undefined} onManageCookies={openCookiePreferences} />;
}
