import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../services/config.ts';
import { TermsOfUseView } from '../views/legal/TermsOfUseView.tsx';

/** /terms-of-use: Terms of Use (sample text, src/views/legal/TermsOfUseView.tsx). */
export const Route = createFileRoute('/terms-of-use')({
  component: function Page() {
    const { data: config } = useQuery(configQuery);
    return <TermsOfUseView brandName={config?.brand.name ?? 'Harbor Coffee'} />;
  },
});
