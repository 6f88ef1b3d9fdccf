import { useSelector } from '@xstate/react';
import { categoryPage } from '../../../machines/menu-pages.ts';
import { BagButton, CategoryView, MenuFrame } from '../../views/ordering/MenuViews.tsx';
import '../../views/ordering/ordering.css';
import { useCart } from './use-cart.ts';
import { useMenu } from './use-menu.ts';

/** /menu/{menu}/{category}[/{subcategory}] */
export function CategoryPage({ params }: { params: { menu: string; category: string; subcategory?: string } }) {
  const menu = useMenu();
  const cart = useCart();
  const count = useSelector(cart, (s) => s.context.items.reduce((n, i) => n + i.quantity, 0));
  return (
    <section className="page order-page menu-page">
      <MenuFrame menu={menu} title="Menu">
        {(data) => <CategoryView page={categoryPage(data, params)} currency={data.currency} />}
      </MenuFrame>
      {count > 0 ? <BagButton count={count} /> : null}
    </section>
  );
}
