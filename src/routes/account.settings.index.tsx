import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { configQuery } from '../services/config.ts';
import { sessionQuery } from '../services/session.ts';
import { SettingsView } from '../views/account/SettingsViews.tsx';

export const Route = createFileRoute('/account/settings/')({
  component: SettingsPage,
});

function SettingsPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  const { data: session } = useSuspenseQuery(sessionQuery);
  return <SettingsView email={session.user?.email ?? ''} mfaEnabled={config.universal.enableMfaFeatures} />;
}
