import { createFileRoute } from '@tanstack/react-router';
import { MfaPhonePage } from './-account/MfaPhonePage.tsx';

export const Route = createFileRoute('/account/settings/mfa/edit-phone-number')({
  component: () => <MfaPhonePage mode="edit" />,
});
