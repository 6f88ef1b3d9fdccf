import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { signInMachine } from '../../machines/sign-in.machine.ts';
import { signInActors } from '../services/account/sign-in.ts';
import { signOut } from '../services/account/sign-out.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { track } from '../services/analytics.ts';
import { configQuery } from '../services/config.ts';
import { refreshSession, sessionQuery } from '../services/session.ts';
import { SignInView } from '../views/account/SignInView.tsx';
import { AccountEntrySearch } from './-account/search.ts';

/**
 * /account/signin (spec 2 section 2): logo-only navigation. On arrival the session is ended (the server clears
 * the session cookie) and the return URL validated (validateSearch drops unsafe ones).
 * Variants: ?variant=hotel-link | hotel-unlink | airline | promo.
 */
export const Route = createFileRoute('/account/signin')({
  validateSearch: AccountEntrySearch,
  staticData: { chrome: 'logoOnly' },
  loader: async ({ context, preload }) => {
    if (preload) return;
    const session = await context.queryClient.fetchQuery(sessionQuery);
    if (session.signedIn) {
      await signOut({ returnUrl: null }).catch(() => undefined);
      context.queryClient.removeQueries({ predicate: (q) => q.queryKey[0] === 'account' });
      await refreshSession(context.queryClient);
    }
  },
  component: SignInPage,
});

function SignInPage() {
  const { returnUrl, variant } = Route.useSearch();
  const { data: config } = useSuspenseQuery(configQuery);
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  const actor = useActorRef(
    signInMachine.provide({
      actors: signInActors(queryClient),
      actions: {
        ...flow,
        trackLoginClick: () => track('login-click', { variant: variant ?? 'default' }),
        trackSignInSuccess: () => track('sign-in-success'),
      },
    }),
    { input: { returnUrl: returnUrl ?? null } },
  );
  return (
    <SignInView
      actor={actor}
      variant={variant}
      returnUrl={returnUrl}
      product={config.brand.product}
      showKeepMeSignedIn={config.account.showKeepMeSignedInCheckbox}
      updatedTermsOfUseUrl={config.account.updatedTermsOfUseUrl}
    />
  );
}
