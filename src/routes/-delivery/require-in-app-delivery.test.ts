import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { configQuery } from '../../services/config.ts';
import { requireInAppDelivery } from './require-in-app-delivery.ts';

function clientWith(enableInAppDelivery: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(configQuery.queryKey, { enableInAppDelivery } as never);
  return queryClient;
}

describe('delivery routes exist only when in-app delivery is enabled', () => {
  it('shows the locator instead when disabled (any other sub-path shows the locator)', async () => {
    const err = await requireInAppDelivery(false)({ context: { queryClient: clientWith(false) } }).catch((e: unknown) => e);
    expect(isRedirect(err)).toBe(true);
    expect((err as { options: { to: string } }).options.to).toBe('/store-locator');
    const inMenu = await requireInAppDelivery(true)({ context: { queryClient: clientWith(false) } }).catch((e: unknown) => e);
    expect((inMenu as { options: { to: string } }).options.to).toBe('/menu/store-locator');
  });

  it('lets the page load when enabled', async () => {
    await expect(requireInAppDelivery(false)({ context: { queryClient: clientWith(true) } })).resolves.toBeUndefined();
  });
});
