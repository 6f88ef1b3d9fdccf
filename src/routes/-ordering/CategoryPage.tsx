import { useSelector } from '@xstate/react';
import { useBagCount } from '../../services/app-actors.tsx';
import { categoryPage } from '../../../machines/menu-pages.ts';
import { BagButton, CategoryView, MenuFrame } from '../../views/ordering/MenuViews.tsx';
import { AllergenFilter } from '../../views/ordering/AllergenFilter.tsx';
import '../../views/ordering/ordering.css';
import { useMenu } from './use-menu.ts';
import { useAllergenFilter } from './use-allergen-filter.ts';
import { useStoreStock } from './use-store-stock.ts';

/** /menu/{menu}/{category}[/{subcategory}]: the allergen filter hides tiles; the store's stock changes grey them live */
export function CategoryPage({ params }: { params: { menu: string; category: string; subcategory?: string } }) {
  const menu = useMenu();
  const stock = useStoreStock();
  const filter = useAllergenFilter();
  const allergens = useSelector(filter, (s) => s.context.selected);
  const count = useBagCount();
  return (
    <section className="page order-page menu-page">
      <MenuFrame menu={menu} title="Menu">
        {(data) => (
          <CategoryView
            page={categoryPage(data, params)}
            currency={data.currency}
            stock={stock}
            allergens={allergens}
            filter={<AllergenFilter actor={filter} />}
            onShowAll={() => filter.send({ type: 'user.clearAll' })}
          />
        )}
      </MenuFrame>
      {count > 0 ? <BagButton count={count} /> : null}
    </section>
  );
}
