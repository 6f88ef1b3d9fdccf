import { createFileRoute } from '@tanstack/react-router';
import { EditEmailPage } from './-account/EditEmailPage.tsx';

/** /account/settings/edit-email: new address and password; a code goes to the new address. */
export const Route = createFileRoute('/account/settings/edit-email')({
  component: () => <EditEmailPage step="form" />,
});
