import { createFileRoute } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { createAccountMachine } from '../../machines/create-account.machine.ts';
import { createAccountActors } from '../services/account/create-account.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { fireTrackingPixels } from '../services/analytics.ts';
import { configQuery } from '../services/config.ts';
import { CreateAccountView } from '../views/account/CreateAccountView.tsx';
import { AccountEntrySearch } from './-account/search.ts';
import { loadPasswordStrength } from '../../contracts/password-strength.ts';

/** /account/create (spec 2 section 2 "Account creation"); variants as on sign-in (?variant=...). */
export const Route = createFileRoute('/account/create')({
  validateSearch: AccountEntrySearch,
  // the password-strength dictionaries load in the background (their own chunk, not in the entry bundle)
  loader: () => void loadPasswordStrength().catch(() => undefined),
  component: CreateAccountPage,
});

function CreateAccountPage() {
  const { returnUrl, variant } = Route.useSearch();
  const { data: config } = useSuspenseQuery(configQuery);
  const queryClient = useQueryClient();
  const flow = useAccountFlowActions();
  const actor = useActorRef(
    createAccountMachine.provide({
      actors: createAccountActors(queryClient),
      actions: { ...flow, fireTrackingPixels: () => fireTrackingPixels('account-created') },
    }),
    { input: { returnUrl: returnUrl ?? null, includeStorageConsent: config.account.includeStorageConsent } },
  );
  return (
    <CreateAccountView
      actor={actor}
      variant={variant}
      returnUrl={returnUrl}
      brandName={config.brand.name}
      product={config.brand.product}
      includeStorageConsent={config.account.includeStorageConsent}
      includePrivacyStatement={config.account.includePrivacyStatement}
      checkGeneralEmailByDefault={config.account.checkGeneralEmailByDefault}
    />
  );
}
