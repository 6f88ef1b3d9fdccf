import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import type { ReactNode } from 'react';
import { deliveryLandingMachine, type BagSummary } from '../../../machines/delivery-landing.machine.ts';
import { coverage, describePath, printCoverage, transitionCoverPaths, transitionKey } from '../../../machines/__tests__/model.ts';
import { DELIVERY_STOREFRONT, deliveryLandingEvents, deliveryLandingSerialize } from '../../../machines/__tests__/delivery-landing.model.ts';
import { deliveryLandingImplementations } from '../../services/delivery-landing.actors.ts';
import { DeliveryLandingView, deliveryCopy } from './DeliveryLandingView.tsx';

const STOREFRONT = DELIVERY_STOREFRONT;
const FAQ = '/help/delivery-faq';

/** The view inside a memory router with the four locator/delivery paths (the toggle navigates). */
async function renderAt(initial: string, page: () => ReactNode) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const paths = ['/store-locator', '/store-locator/delivery', '/menu/store-locator', '/menu/store-locator/delivery'];
  const routes = paths.map((path) => createRoute({ getParentRoute: () => root, path, component: () => (path.endsWith('/delivery') ? page() : <p>locator at {path}</p>) }));
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [initial] }) });
  render(<RouterProvider router={router as never} />);
  await act(async () => {
    await router.load();
  });
  return router;
}

const fired = new Set<string>();
const visited: unknown[] = [];

/** A real actor provided with a deferred readBag (the test settles it) and a spy for window.open. */
function start() {
  let settle: { resolve: (b: BagSummary) => void; reject: (e: unknown) => void } | null = null;
  const open = vi.fn();
  const impl = deliveryLandingImplementations({ open });
  const actor = createActor(
    deliveryLandingMachine.provide({
      actors: { readBag: fromPromise<BagSummary>(() => new Promise<BagSummary>((resolve, reject) => (settle = { resolve, reject }))) },
      actions: impl.actions,
    }),
    {
      input: { storefrontUrl: STOREFRONT },
      // record the transitions the view made the machine take (view-level coverage)
      inspect: (ev) => {
        if (ev.type === '@xstate.microstep') for (const t of (ev as unknown as { _transitions: Parameters<typeof transitionKey>[0][] })._transitions) fired.add(transitionKey(t));
      },
    },
  ).start();
  return { actor, open, settle: () => settle! };
}

// the router resets scroll on navigation; jsdom does not implement scrolling
beforeEach(() => void vi.spyOn(window, 'scrollTo').mockImplementation(() => {}));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('DeliveryLandingView', () => {
  it('shows the hero, the FAQ link, the legal text and Get started', async () => {
    const { actor } = start();
    await renderAt('/store-locator/delivery', () => <DeliveryLandingView actor={actor} brandName="Harbor Coffee" faqUrl={FAQ} inMenu={false} />);
    expect(screen.getByRole('heading', { level: 1, name: deliveryCopy.heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Delivery FAQ' }).getAttribute('href')).toBe(FAQ);
    expect(screen.getByRole('region', { name: 'Delivery terms' }).textContent).toContain('third-party delivery partner');
    expect(screen.getByRole('button', { name: 'Get started' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Delivery' })).toHaveProperty('checked', true);
  });

  it.each([
    [false, '/store-locator/delivery', '/store-locator'],
    [true, '/menu/store-locator/delivery', '/menu/store-locator'],
  ])('the Pickup radio goes back to the locator (in menu: %s)', async (inMenu, from, to) => {
    const { actor } = start();
    const router = await renderAt(from, () => <DeliveryLandingView actor={actor} brandName="Harbor Coffee" faqUrl={FAQ} inMenu={inMenu} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Pickup' }));
    });
    expect(router.state.location.pathname).toBe(to);
    expect(await screen.findByText(`locator at ${to}`)).toBeTruthy();
  });
});

describe('DeliveryLandingView along the model paths', () => {
  const paths = transitionCoverPaths(deliveryLandingMachine, {
    events: deliveryLandingEvents as never,
    input: { storefrontUrl: STOREFRONT },
    serializeState: deliveryLandingSerialize,
  });

  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const { actor, open, settle } = start();
    visited.push(actor.getSnapshot().value);
    await renderAt('/store-locator/delivery', () => <DeliveryLandingView actor={actor} brandName="Harbor Coffee" faqUrl={FAQ} inMenu={false} />);
    let opens = 0;
    for (const step of path.steps) {
      const e = step.event as { type: string; output?: BagSummary; error?: unknown };
      await act(async () => {
        if (e.type === 'user.getStarted') fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
        else if (e.type === 'user.continue') fireEvent.click(screen.getByRole('button', { name: deliveryCopy.continue }));
        else if (e.type === 'user.cancel') fireEvent.click(screen.getByRole('button', { name: deliveryCopy.cancel }));
        else if (e.type === 'xstate.done.actor.readBag') settle().resolve(e.output!);
        else if (e.type === 'xstate.error.actor.readBag') settle().reject(e.error);
      });
      const value = step.state.value as string;
      expect(actor.getSnapshot().value).toBe(value);
      visited.push(value);
      const getStarted = screen.getByRole('button', { name: 'Get started' });
      const dialog = document.querySelector('dialog')!;
      if (value === 'partnerOpened') opens += 1;
      expect(open).toHaveBeenCalledTimes(opens);
      switch (value) {
        case 'idle':
          expect(getStarted).toHaveProperty('disabled', false);
          expect(dialog.open).toBe(false);
          expect(screen.queryByText(deliveryCopy.opened, { exact: false })).toBeNull();
          break;
        case 'checkingBag':
          expect(getStarted).toHaveProperty('disabled', true);
          break;
        case 'confirmingRebuild':
          expect(dialog.open).toBe(true);
          expect(within(dialog).getByRole('heading', { name: deliveryCopy.dialogTitle })).toBeTruthy();
          expect(dialog.textContent).toContain('You have 3 items in your bag');
          break;
        case 'partnerOpened':
          expect(dialog.open).toBe(false);
          expect(open).toHaveBeenLastCalledWith(STOREFRONT, '_blank', 'noopener');
          expect(screen.getByText(deliveryCopy.opened, { exact: false })).toBeTruthy();
          expect(screen.getByRole('link', { name: deliveryCopy.openAgain }).getAttribute('href')).toBe(STOREFRONT);
          break;
        default:
          throw new Error(`unexpected state ${value}`);
      }
    }
  });

  afterAll(() => {
    const c = coverage(deliveryLandingMachine, visited, fired);
    printCoverage('deliveryLanding (view)', c);
    expect(c.states.missing).toEqual([]);
    expect(c.transitions.missing).toEqual([]);
  });
});
