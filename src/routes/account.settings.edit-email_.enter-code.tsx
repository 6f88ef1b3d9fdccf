import { createFileRoute } from '@tanstack/react-router';
import { EditEmailPage } from './-account/EditEmailPage.tsx';

/** /account/settings/edit-email/enter-code: the code sent to the new address. */
export const Route = createFileRoute('/account/settings/edit-email_/enter-code')({
  component: () => <EditEmailPage step="code" />,
});
