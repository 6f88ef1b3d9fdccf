import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { configQuery } from '../services/config.ts';
import { ReauthGate } from './-account/ReauthGate.tsx';

/**
 * /account/settings/mfa, /mfa/add-phone-number, /mfa/edit-phone-number: only with universal.enableMfaFeatures
 * (else not found), and only after a recent second-factor check (spec 2 section 6).
 */
export const Route = createFileRoute('/account/settings/mfa')({
  beforeLoad: async ({ context }) => {
    const config = await context.queryClient.ensureQueryData(configQuery);
    if (!config.universal.enableMfaFeatures) throw notFound();
  },
  component: MfaLayout,
});

function MfaLayout() {
  return (
    <ReauthGate>
      <Outlet />
    </ReauthGate>
  );
}
