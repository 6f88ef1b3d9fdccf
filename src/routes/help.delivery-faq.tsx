import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { configQuery } from '../services/config.ts';
import { DeliveryFaqView } from '../views/legal/DeliveryFaqView.tsx';

/** /help/delivery-faq: Delivery FAQ (sample text, src/views/legal/DeliveryFaqView.tsx). */
export const Route = createFileRoute('/help/delivery-faq')({
  component: function Page() {
    const { data: config } = useQuery(configQuery);
    return <DeliveryFaqView brandName={config?.brand.name ?? 'Harbor Coffee'} />;
  },
});
