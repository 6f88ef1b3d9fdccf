import { describe, expect, it, vi, beforeEach } from 'vitest';
import { renderHook } from '@testing-library/react';

// the router the hook navigates with: recorded, no real routes needed
const navigate = vi.fn(async (_: { href: string; replace: boolean }) => undefined);
vi.mock('@tanstack/react-router', () => ({ useRouter: () => ({ navigate }) }));

const { useRedirect } = await import('./redirect.ts');
const { windowDestination, windowRedirect } = await import('./window-redirect.ts');

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('useRedirect: the one redirect to a machine destination', () => {
  beforeEach(() => navigate.mockClear());

  it('navigates to the destination after the machine step, replacing the page by default', async () => {
    const { result } = renderHook(() => useRedirect());
    result.current({ context: { destination: '/rewards/promo/opt-in/success' } });
    // not during the step: the page that owns the actor is still mounted
    expect(navigate).not.toHaveBeenCalled();
    await flush();
    expect(navigate.mock.calls).toEqual([[{ href: '/rewards/promo/opt-in/success', replace: true }]]);
  });

  it('keeps the page in the history with { replace: false }', async () => {
    const { result } = renderHook(() => useRedirect({ replace: false }));
    result.current({ context: { destination: '/account/signin?returnUrl=%2Fmenu%2Ffavorites' } });
    await flush();
    expect(navigate.mock.calls).toEqual([[{ href: '/account/signin?returnUrl=%2Fmenu%2Ffavorites', replace: false }]]);
  });

  it.each([null, '', 'https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'menu'])('goes nowhere for %j (same-origin paths only)', async (destination) => {
    const { result } = renderHook(() => useRedirect());
    result.current({ context: { destination } });
    await flush();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('finishes `before` first, and navigates when it fails too', async () => {
    const order: string[] = [];
    navigate.mockImplementation(async ({ href }) => void order.push(`navigate ${href}`));
    let finish!: () => void;
    const before = vi.fn(() => new Promise<void>((r) => (finish = () => (order.push('refreshed'), r()))));
    const { result } = renderHook(() => useRedirect({ replace: false, before }));
    result.current({ context: { destination: '/account/payment-method' } });
    await flush();
    expect(order).toEqual([]);
    finish();
    await flush();
    expect(order).toEqual(['refreshed', 'navigate /account/payment-method']);

    const failing = renderHook(() => useRedirect({ before: () => Promise.reject(new Error('offline')) }));
    failing.result.current({ context: { destination: '/gift' } });
    await flush();
    expect(order.at(-1)).toBe('navigate /gift');
    navigate.mockImplementation(async () => undefined);
  });
});

describe('windowRedirect: the one full-page navigation out of the app', () => {
  it.each([
    ['https://partner.example/signin?x=1', 'https://partner.example/signin?x=1'],
    ['http://localhost:4000/cb?code=abc&state=s', 'http://localhost:4000/cb?code=abc&state=s'],
    ['/rewards/partnerships/lodgecrest/error', '/rewards/partnerships/lodgecrest/error'],
    ['javascript:alert(1)', null],
    ['data:text/html,<script>1</script>', null],
    ['vbscript:x', null],
    ['not a url', null],
    [null, null],
  ])('%j -> %j', (url, want) => expect(windowDestination(url)).toBe(want));

  it('assigns the picked URL after the machine step, and nothing for a refused one', async () => {
    const assign = vi.fn();
    const go = windowRedirect((c: { redirectURL: string | null }) => c.redirectURL, assign);
    go({ context: { redirectURL: 'https://partner.example/a' } });
    expect(assign).not.toHaveBeenCalled();
    await flush();
    go({ context: { redirectURL: 'javascript:alert(1)' } });
    go({ context: { redirectURL: null } });
    await flush();
    expect(assign.mock.calls).toEqual([['https://partner.example/a']]);
  });
});
