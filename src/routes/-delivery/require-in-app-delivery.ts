import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { configQuery } from '../../services/config.ts';

/**
 * beforeLoad of both delivery routes: they exist only when in-app delivery is enabled (spec 1 section 2).
 * When it is off, /store-locator/delivery is just "any other sub-path under the locator", which shows the
 * locator: redirect there (the in-menu variant to the in-menu locator).
 * Kept apart from the page so the page's view and machine stay in the route's lazy chunk.
 */
export function requireInAppDelivery(inMenu: boolean) {
  return async ({ context }: { context: { queryClient: QueryClient } }) => {
    const config = await context.queryClient.ensureQueryData(configQuery);
    if (!config.enableInAppDelivery) throw redirect({ to: inMenu ? '/menu/store-locator' : '/store-locator', replace: true });
  };
}
