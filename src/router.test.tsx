import { describe, expect, it, vi } from 'vitest';
import { createAppRouter, startFirstRouteChunks } from './router.tsx';
import { createQueryClient } from './services/query-client.ts';
import { createAppActors } from './services/app-actors.tsx';

describe('startFirstRouteChunks (the first page loads its code with the root config and session requests)', () => {
  const make = () => createAppRouter({ queryClient: createQueryClient(), appActors: createAppActors() });

  it('asks for the code of every route matching the path, root to leaf, before any navigation', () => {
    const router = make();
    const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(Promise.resolve());
    startFirstRouteChunks(router, '/account/signin');
    expect(load.mock.calls.map(([route]) => route.id)).toEqual(['__root__', '/account/signin']);
    expect(router.state.status).toBe('idle');
  });

  it('matches parameterised and nested paths', () => {
    const router = make();
    const load = vi.spyOn(router, 'loadRouteChunk').mockReturnValue(Promise.resolve());
    startFirstRouteChunks(router, '/account/settings/mfa/add-phone-number');
    expect(load.mock.calls.map(([route]) => route.id)).toEqual(['__root__', '/account/settings', '/account/settings/mfa', '/account/settings/mfa/add-phone-number']);
  });

  it('a failed chunk load is handled (no unhandled rejection): the router loads it again itself', async () => {
    const router = make();
    const failed = Promise.reject(new Error('chunk failed'));
    const handled = vi.spyOn(failed, 'catch');
    vi.spyOn(router, 'loadRouteChunk').mockReturnValue(failed);
    startFirstRouteChunks(router, '/menu');
    expect(handled).toHaveBeenCalled();
    await failed.catch(() => undefined);
  });
});
