import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { stockOf } from '../../../machines/stock-rules.ts';
import { ProductView } from '../../views/ordering/ProductView.tsx';
import { readAllergenFilter } from '../../services/ordering/allergen-filter.ts';
import { useFavorites } from './use-favorites.ts';
import { useProduct } from './use-product.ts';
import { useStoreStock, useSubstitutes } from './use-store-stock.ts';

/**
 * /menu/product/{productNumber}/{formCode}: the product machine, favorites, the store's live stock (a sold-out
 * product: 'Sold out', Add disabled, 'Try instead'), and the remembered allergen filter (named, never hiding the page).
 */
export function ProductPage({ params }: { params: { productNumber: string; formCode: string } }) {
  const actor = useProduct(params);
  // a guest who adds a favorite comes back here after signing in
  const favorites = useFavorites(`/menu/product/${params.productNumber}/${params.formCode}`);
  const stock = useStoreStock();
  const [allergenFilter] = useState(readAllergenFilter);
  const product = useSelector(actor, (s) => s.context.product);
  const soldOut = !!product && stockOf(stock, product.productNumber, product.availability) === 'SoldOut';
  const substitutes = useSubstitutes(product?.productNumber ?? null, soldOut);
  return <ProductView actor={actor} favorites={favorites} stock={stock} substitutes={substitutes} allergenFilter={allergenFilter} />;
}
