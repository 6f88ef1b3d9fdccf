import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { useAppActors, useBagCount } from '../services/app-actors.tsx';
import { ChosenStore } from '../views/menu/ChosenStore.tsx';
import { BagButton, MenuFrame, MenuHome, ProductGrid } from '../views/ordering/MenuViews.tsx';
import { MenuTabs } from '../views/ordering/MenuTabs.tsx';
import { useMenu } from './-ordering/use-menu.ts';
import { useStoreStock } from './-ordering/use-store-stock.ts';
import { loadMenu } from '../services/ordering/menu.graphql.ts';

/**
 * /menu: the chosen store (the long-lived selected-store actor) with a link to change it, then the store's menu
 * with the tabs all products and featured (?tab=featured); previous orders and favorites are their own pages.
 */
export const Route = createFileRoute('/menu/')({
  validateSearch: v.object({ tab: v.optional(v.picklist(['featured'])) }),
  loader: ({ context }) => loadMenu(context),
  component: MenuIndex,
});

function MenuIndex() {
  const { selectedStore } = useAppActors();
  const { tab } = Route.useSearch();
  const menu = useMenu();
  // the store's live stock (loaded after the first paint): featured tiles sold out since the menu loaded are greyed
  const stock = useStoreStock();
  const count = useBagCount();
  return (
    <ChosenStore selectedStore={selectedStore} onConfirm={() => selectedStore.send({ type: 'store.confirm', at: Date.now() })}>
      <MenuTabs current={tab === 'featured' ? 'featured' : 'all'} />
      {/* ChosenStore has the page's h1: the frame's empty and failed states take an h2 */}
      <MenuFrame menu={menu} title={null}>
        {(data) => (tab === 'featured' ? <ProductGrid products={data.featured} currency={data.currency} stock={stock} /> : <MenuHome data={data} />)}
      </MenuFrame>
      {count > 0 ? <BagButton count={count} /> : null}
    </ChosenStore>
  );
}
