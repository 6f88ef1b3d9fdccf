import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordSuccessView } from '../views/account/OutcomeViews.tsx';

/** /account/forgot-password/success: confirmation with a return-to-sign-in button. */
export const Route = createFileRoute('/account/forgot-password_/success')({
  component: ForgotPasswordSuccessView,
});
