import { createFileRoute, redirect } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { AccountErrorCodes } from '../../contracts/account-messages.ts';
import { asFlowError } from '../../machines/account-flow.ts';
import { resetPasswordMachine } from '../../machines/reset-password.machine.ts';
import { resetPasswordActors } from '../services/account/reset-password.ts';
import { accountReads } from '../services/account.queries.ts';
import { useAccountFlowActions } from '../services/account-flow.tsx';
import { ResetPasswordView } from '../views/account/ResetPasswordView.tsx';
import { loadPasswordStrength } from '../../contracts/password-strength.ts';

/** /account/reset-password/:token: the create-new-password form; an expired token shows the expired-link page. */
export const Route = createFileRoute('/account/reset-password/$token')({
  loader: async ({ params }) => {
    // the password-strength dictionaries load in the background (their own chunk, not in the entry bundle)
    void loadPasswordStrength().catch(() => undefined);
    try {
      await accountReads.resetTokenStatus(params.token);
    } catch (e) {
      if (asFlowError(e).code === AccountErrorCodes.resetTokenExpired) throw redirect({ to: '/account/forgot-password-reset/$token', params: { token: params.token }, replace: true });
      // other failures: show the form; the reset call reports them
    }
  },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { token } = Route.useParams();
  const flow = useAccountFlowActions();
  const actor = useActorRef(resetPasswordMachine.provide({ actors: resetPasswordActors(), actions: { redirect: flow.redirect } }), { input: { token } });
  return <ResetPasswordView actor={actor} />;
}
