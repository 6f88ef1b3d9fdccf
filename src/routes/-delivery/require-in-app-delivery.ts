import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { configQuery } from '../../services/config.ts';

/**
 * beforeLoad of both delivery routes: they exist only when in-app delivery is enabled (spec 1 section 2).
 * Kept apart from the page so the page's view and machine stay in the route's lazy chunk.
 */
export async function requireInAppDelivery({ context }: { context: { queryClient: QueryClient } }) {
  const config = await context.queryClient.ensureQueryData(configQuery);
  if (!config.enableInAppDelivery) throw notFound();
}
