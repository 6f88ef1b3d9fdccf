/**
 * The menu's list pages start the cart after their first paint (lazy-cart.ts) and tell it what the store sells
 * (use-menu.ts): when the menu has loaded before the cart's module, the availability is sent once the cart arrives,
 * as the menu machine's `publishAvailability` would have sent it. The cart's item not on this store's menu becomes
 * 'NotAvailableHere', in the actor and in the stored bag.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { MenuResponse } from '../../../contracts/ordering-menu.ts';
import { AppActorsProvider, createAppActors, useBagCount } from '../../services/app-actors.tsx';
import { BAG_STORAGE_KEY } from '../../services/bag.ts';
import { configQuery } from '../../services/config.ts';
import { defaultLocale } from '../../services/format.ts';
import { useLazyCart } from './lazy-cart.ts';
import { useMenu } from './use-menu.ts';

const item = (productNumber: number, quantity: number) => ({
  key: `${productNumber}-hot-tall`,
  product: { productNumber, formCode: 'hot', name: `Product ${productNumber}` },
  size: { sku: `sku-${productNumber}`, sizeCode: 'tall' },
  selectedOptions: [],
  quantity,
  timeAdded: 1,
  productImage: '/images/menu/x.svg',
  availability: 'Available',
});
const menu: MenuResponse = { menus: [{ id: 'm', name: 'Drinks', path: 'drinks', categories: [] }], storeNumber: null, national: false, menuAvailable: true, locale: defaultLocale(), currency: 'USD', taxIncludedNote: false, svcOnly: false, featured: [] };

function Page() {
  const m = useMenu();
  const loaded = useSelector(m, (s) => s.matches('ready'));
  const cart = useLazyCart();
  const count = useBagCount();
  return (
    <p>
      {loaded ? 'menu' : 'loading'} {cart ? 'cart' : 'no cart'} {count}
    </p>
  );
}

afterEach(() => localStorage.clear());

describe('the menu list pages and the cart', () => {
  it('the bag count shows from the stored bag before the cart starts; the cart that comes after the menu learns what the store sells', async () => {
    localStorage.setItem(BAG_STORAGE_KEY, JSON.stringify([item(2121, 2)]));
    const queryClient = new QueryClient();
    queryClient.setQueryData(configQuery.queryKey, { ordering: { maximumItemAmount: 30 } } as never);
    queryClient.setQueryData(['ordering', 'menu', null, defaultLocale()], menu);
    render(
      <QueryClientProvider client={queryClient}>
        <AppActorsProvider actors={createAppActors()}>
          <Page />
        </AppActorsProvider>
      </QueryClientProvider>,
    );
    // first render: no cart module yet, the count from the stored bag
    expect(screen.getByText(/no cart 2$/)).toBeTruthy();
    await screen.findByText(/^menu cart 2$/);
    // 2121 is not on this store's menu
    await waitFor(() => expect((JSON.parse(localStorage.getItem(BAG_STORAGE_KEY)!) as Array<{ availability: string }>)[0]!.availability).toBe('NotAvailableHere'));
  });
});
