import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { configQuery } from '../services/config.ts';
import { PrivacyView } from '../views/account/SettingsViews.tsx';

export const Route = createFileRoute('/account/settings/privacy')({
  component: PrivacyPage,
});

function PrivacyPage() {
  const { data: config } = useSuspenseQuery(configQuery);
  return <PrivacyView brandName={config.brand.name} />;
}
