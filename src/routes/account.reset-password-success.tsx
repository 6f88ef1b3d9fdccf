import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordSuccessView } from '../views/account/OutcomeViews.tsx';

/** /account/reset-password-success: 'Your password has been updated' and a sign-in button. */
export const Route = createFileRoute('/account/reset-password-success')({
  component: ResetPasswordSuccessView,
});
