import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { requireSignIn } from '../services/auth-guard.ts';
import { configQuery } from '../services/config.ts';
import { SettingsLayoutView } from '../views/account/SettingsViews.tsx';

/** /account/settings/*: sign-in required (spec 2 section 2); a side navigation around each page. */
export const Route = createFileRoute('/account/settings')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: SettingsLayout,
});

function SettingsLayout() {
  const { data: config } = useSuspenseQuery(configQuery);
  return (
    <SettingsLayoutView mfaEnabled={config.universal.enableMfaFeatures}>
      <Outlet />
    </SettingsLayoutView>
  );
}
