import { createFileRoute } from '@tanstack/react-router';
import { FavoritesView } from '../views/ordering/FavoritesView.tsx';
import { useCart } from './-ordering/use-cart.ts';
import { useFavorites } from './-ordering/use-favorites.ts';

/** /menu/favorites: the member's favorite products (guests are asked to sign in). */
export const Route = createFileRoute('/menu/favorites')({
  component: function Favorites() {
    const actor = useFavorites();
    const cart = useCart();
    return (
      <FavoritesView
        actor={actor}
        onAddToBag={(f) => {
          const size = f.product.sizes.find((z) => z.sizeCode === f.item.sizeCode);
          cart.send({
            type: 'cart.add',
            at: Date.now(),
            item: {
              product: { productNumber: f.product.productNumber, formCode: f.product.formCode, name: f.product.name },
              size: size ? { sku: size.sku, sizeCode: size.sizeCode, name: size.name } : null,
              selectedOptions: f.item.childItems.map((c) => ({ optionProductNumber: 0, sku: c.commerce.sku, quantity: c.quantity, name: c.commerce.sku })),
              quantity: 1,
              productImage: f.product.imageURL,
              ...(size?.price != null ? { unitPrice: size.price } : {}),
            },
          });
        }}
      />
    );
  },
});
