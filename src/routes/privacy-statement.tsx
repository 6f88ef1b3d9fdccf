import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../services/config.ts';
import { PrivacyStatementView } from '../views/legal/PrivacyStatementView.tsx';

/** /privacy-statement: Privacy Statement (sample text, src/views/legal/PrivacyStatementView.tsx). */
export const Route = createFileRoute('/privacy-statement')({
  component: function Page() {
    const { data: config } = useQuery(configQuery);
    return <PrivacyStatementView brandName={config?.brand.name ?? 'Harbor Coffee'} />;
  },
});
