import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@tanstack/react-router';
import { configQuery } from '../../services/config.ts';
import { requireInAppDelivery } from './require-in-app-delivery.ts';

function clientWith(enableInAppDelivery: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(configQuery.queryKey, { enableInAppDelivery } as never);
  return queryClient;
}

describe('delivery routes exist only when in-app delivery is enabled', () => {
  it('throws notFound when disabled', async () => {
    const err = await requireInAppDelivery({ context: { queryClient: clientWith(false) } }).catch((e: unknown) => e);
    expect(isNotFound(err)).toBe(true);
  });

  it('lets the page load when enabled', async () => {
    await expect(requireInAppDelivery({ context: { queryClient: clientWith(true) } })).resolves.toBeUndefined();
  });
});
