import { createFileRoute } from '@tanstack/react-router';
import { favoriteDraft } from '../../machines/ordering-types.ts';
import { FavoritesView } from '../views/ordering/FavoritesView.tsx';
import { useCart } from './-ordering/use-cart.ts';
import { useFavorites } from './-ordering/use-favorites.ts';
import { loadFavorites } from '../services/ordering/favorites.ts';

/** /menu/favorites: the member's favorite products (guests are asked to sign in); Add puts the favorite, with its options, in the bag. */
export const Route = createFileRoute('/menu/favorites')({
  loader: ({ context }) => loadFavorites(context),
  component: function Favorites() {
    const actor = useFavorites('/menu/favorites');
    const cart = useCart();
    return <FavoritesView actor={actor} onAddToBag={(f) => cart.send({ type: 'cart.add', at: Date.now(), item: favoriteDraft(f) })} />;
  },
});
