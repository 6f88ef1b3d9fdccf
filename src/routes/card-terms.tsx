import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../services/config.ts';
import { CardTermsView } from '../views/legal/CardTermsView.tsx';

/** /card-terms: Card Terms (sample text, src/views/legal/CardTermsView.tsx). */
export const Route = createFileRoute('/card-terms')({
  component: function Page() {
    const { data: config } = useQuery(configQuery);
    return <CardTermsView brandName={config?.brand.name ?? 'Harbor Coffee'} />;
  },
});
