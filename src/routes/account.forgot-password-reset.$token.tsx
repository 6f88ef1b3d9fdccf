import { createFileRoute, redirect } from '@tanstack/react-router';
import { accountReads } from '../services/account.queries.ts';
import { ResetLinkExpiredView } from '../views/account/OutcomeViews.tsx';

/**
 * /account/forgot-password-reset/:token: the expired-link page. The token is validated before the page renders
 * (spec 2 section 2): a token that is still valid goes to the reset form instead.
 */
export const Route = createFileRoute('/account/forgot-password-reset/$token')({
  loader: async ({ params }) => {
    const valid = await accountReads.resetTokenStatus(params.token).then(
      () => true,
      () => false,
    );
    if (valid) throw redirect({ to: '/account/reset-password/$token', params: { token: params.token }, replace: true });
  },
  component: ResetLinkExpiredView,
});
