import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { FavoriteProduct } from '../../../contracts/ordering.ts';
import { MenuTexts } from '../../../contracts/menu-texts.ts';
import type { favoritesMachine } from '../../../machines/favorites.machine.ts';
import { Spinner } from '../shell/Loading.tsx';
import { MemberListStatus } from './MemberListStatus.tsx';
import { MenuTabs } from './MenuTabs.tsx';
import { ProductImage } from './ProductImage.tsx';
import './ordering.css';

export type FavoritesActor = ActorRefFrom<typeof favoritesMachine>;

/** /menu/favorites: the member's favorite products, each to the bag or removed. */
export function FavoritesView({ actor, onAddToBag }: { actor: FavoritesActor; onAddToBag: (f: FavoriteProduct) => void }) {
  const s = useSelector(actor, (x) => x);
  return (
    <section className="page order-page">
      <h1>Favorites</h1>
      <MenuTabs current="favorites" />
      {s.matches('loading') ? <Spinner label="Loading your favorites" /> : null}
      <MemberListStatus guest={s.matches('guest')} failed={s.matches('failed')} what="your favorites" returnUrl="/menu/favorites" onRetry={() => actor.send({ type: 'user.retry' })} />
      {(s.matches('ready') || s.matches('adding') || s.matches('removing')) && !s.context.favorites.length ? <p className="order-empty">{MenuTexts.noFavorites}</p> : null}
      {s.context.favorites.length && !s.matches('loading') ? (
        <ul className="cart-items" aria-busy={s.hasTag('loading')}>
          {s.context.favorites.map((f) => (
            <li key={f.id} className="cart-item">
              <ProductImage src={f.product.imageURL} />
              <div className="cart-item-text">
                <h2 className="cart-item-name">
                  <Link to="/menu/product/$productNumber/$formCode" params={{ productNumber: String(f.product.productNumber), formCode: f.product.formCode }}>
                    {f.product.name}
                  </Link>
                </h2>
                <p className="cart-item-meta">{f.product.sizes.find((z) => z.sizeCode === f.item.sizeCode)?.name ?? f.item.sizeCode}</p>
                {f.product.availability !== 'Available' ? <p className="order-badge">{MenuTexts.notSoldHere}</p> : null}
              </div>
              <div className="row">
                <button type="button" className="btn btn--primary btn--small" disabled={f.product.availability !== 'Available'} onClick={() => onAddToBag(f)}>
                  Add<span className="visually-hidden"> {f.product.name} to your order</span>
                </button>
                <button type="button" className="btn btn--ghost btn--small" disabled={s.hasTag('loading')} onClick={() => actor.send({ type: 'user.removeFavorite', id: f.id })}>
                  Remove<span className="visually-hidden"> {f.product.name} from favorites</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
