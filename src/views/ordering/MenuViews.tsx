import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { MenuResponse, ProductTile } from '../../../contracts/ordering.ts';
import { MenuTexts } from '../../../contracts/menu-texts.ts';
import type { menuMachine } from '../../../machines/menu.machine.ts';
import type { MenuPage } from '../../../machines/menu-pages.ts';
import { StockTexts } from '../../../contracts/stock-texts.ts';
import { AllergenMessages, type AllergenCode } from '../../../contracts/allergens.ts';
import { hiddenBy } from '../../../machines/allergen-rules.ts';
import { stockOf, type StockAvailability } from '../../../machines/stock-rules.ts';
import { formatMoney } from '../../services/format.ts';
import { Spinner } from '../shell/Loading.tsx';
import './ordering.css';

export type MenuActor = ActorRefFrom<typeof menuMachine>;

/**
 * The menu's loading, not-found (empty menu) and failed states, its notices, and the loaded menu to `children`.
 * `title`: the page's h1 for those states, or null when the page already has its h1 (/menu: ChosenStore), where
 * they take an h2 (one h1 per page). No raw status codes: a customer reads what happened and what to do.
 */
export function MenuFrame({ menu, title, children }: { menu: MenuActor; title: string | null; children: (data: MenuResponse) => ReactNode }) {
  const state = useSelector(menu, (s) => s);
  const Heading = title ? 'h1' : 'h2';
  const data = state.context.menu;
  if (state.hasTag('loading'))
    return (
      <>
        {state.matches('loadingNational') ? <p className="order-notice order-notice--warn" role="status">{MenuTexts.menuLoadError}</p> : null}
        <div className="page-loading">
          <Spinner label="Loading the menu" />
        </div>
      </>
    );
  if (state.matches('empty'))
    return (
      <div className="order-empty">
        <Heading>{title ?? 'Nothing on the menu here'}</Heading>
        <p>{MenuTexts.emptyMenu}</p>
        <Link to="/menu/store-locator" className="btn btn--primary">
          Choose another store
        </Link>
      </div>
    );
  if (state.matches('failed') || !data)
    return (
      <div className="order-empty" role="alert">
        <Heading>{title ?? 'The menu did not load'}</Heading>
        <p>{MenuTexts.unexpectedError}</p>
        <button type="button" className="btn btn--primary" onClick={() => menu.send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  return (
    <>
      {state.matches('national') ? <p className="order-notice order-notice--warn" role="status">{MenuTexts.menuLoadError}</p> : null}
      {state.matches('unavailable') ? <p className="order-notice order-notice--warn" role="status">{MenuTexts.menuNotAvailable}</p> : null}
      {children(data)}
    </>
  );
}

/** All products: every menu with its categories. */
export function MenuHome({ data }: { data: MenuResponse }) {
  return (
    <div className="menu-groups">
      {data.menus.map((m) => (
        <section key={m.id} aria-labelledby={`menu-${m.id}`}>
          <h2 id={`menu-${m.id}`} className="menu-group-title">
            {m.name}
          </h2>
          <ul className="category-grid">
            {m.categories.map((c) => (
              <li key={c.id}>
                <Link to="/menu/$menu/$category" params={{ menu: m.path, category: c.path }} className="category-tile">
                  {c.imageURL ? <img src={c.imageURL} alt="" width={64} height={64} className="product-image" loading="lazy" /> : <span className="product-image product-image--none" aria-hidden="true" />}
                  <span>{c.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

const NO_STOCK: Readonly<Record<string, StockAvailability>> = {};

/**
 * Product tiles. `stock`: the store's live changes since the menu loaded (issue 29: a sold-out item is greyed with
 * 'Sold out' without a reload); a product the store does not sell says 'Not sold at this store'.
 */
export function ProductGrid({ products, currency, stock = NO_STOCK }: { products: ProductTile[]; currency: string; stock?: Readonly<Record<string, StockAvailability>> }) {
  return (
    <ul className="product-grid">
      {products.map((p) => {
        const availability = stockOf(stock, p.productNumber, p.availability);
        return (
          <li key={`${p.productNumber}-${p.formCode}`}>
            <Link to="/menu/product/$productNumber/$formCode" params={{ productNumber: String(p.productNumber), formCode: p.formCode }} className={`product-tile${availability !== 'Available' ? ' product-tile--unavailable' : ''}`}>
              <img src={p.imageURL} alt="" width={88} height={88} className="product-image" loading="lazy" />
              <span className="product-tile-name">{p.name}</span>
              <span className="product-tile-meta">
                {/* issue 30: the tile's price is the smallest size's, the product opens at its default size: say 'from' */}
                {p.priceFrom !== null ? <span>from {formatMoney(p.priceFrom, undefined, currency)}</span> : null}
                <span>{p.calories} cal</span>
              </span>
              {availability === 'SoldOut' ? <span className="order-badge order-badge--soldout">{StockTexts.soldOut}</span> : availability !== 'Available' ? <span className="order-badge">{MenuTexts.notSoldHere}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** '{n} items hidden by your allergen filter.' */
export const hiddenNotice = (n: number) => (n === 1 ? AllergenMessages.hiddenNoticeOne : AllergenMessages.hiddenNotice.replace('{n}', String(n)));

/** /menu/{menu}/{category}[/{subcategory}]: one section when the category has products, else one per subcategory. */
export function CategoryView({
  page,
  currency,
  stock = NO_STOCK,
  allergens = [],
  filter,
  onShowAll,
}: {
  page: MenuPage;
  currency: string;
  stock?: Readonly<Record<string, StockAvailability>>;
  /** the allergen filter's codes: tiles containing any are hidden (issue 29) */
  allergens?: readonly AllergenCode[];
  /** the filter's button and dialog */
  filter?: ReactNode;
  /** the notice's 'Show all' (clears the filter) */
  onShowAll?: () => void;
}) {
  if (page.kind === 'notFound')
    return (
      <div className="order-empty">
        <h1>Not found</h1>
        <p>{MenuTexts.categoryNotFound}</p>
        <Link to="/menu" className="btn btn--primary">
          See the whole menu
        </Link>
      </div>
    );
  const sub = page.subcategory ? page.sections[0]!.title : null;
  const sections = page.sections.map((s) => ({ ...s, shown: s.products.filter((p) => hiddenBy(p.allergens, allergens).length === 0) }));
  const hidden = sections.reduce((n, s) => n + s.products.length - s.shown.length, 0);
  return (
    <>
      <nav aria-label="Breadcrumb" className="crumbs">
        <Link to="/menu">Menu</Link> <span aria-hidden="true">/</span> {sub ? <Link to="/menu/$menu/$category" params={{ menu: page.menu.path, category: page.category.path }}>{page.category.name}</Link> : <span>{page.category.name}</span>}
      </nav>
      <h1>{sub ?? page.category.name}</h1>
      {filter}
      {hidden > 0 ? (
        <p className="order-notice allergen-notice" role="status">
          {hiddenNotice(hidden)}{' '}
          {onShowAll ? (
            <button type="button" className="btn btn--link" onClick={onShowAll}>
              {AllergenMessages.showAll}
            </button>
          ) : null}
        </p>
      ) : null}
      {sections.map((s) =>
        s.shown.length ? (
          <section key={s.id} aria-labelledby={`section-${s.id}`} className="menu-section">
            <h2 id={`section-${s.id}`} className="menu-group-title">
              {s.title}
            </h2>
            <ProductGrid products={s.shown} currency={currency} stock={stock} />
          </section>
        ) : null,
      )}
    </>
  );
}

/** The floating bag button on menu pages (phone first): the count of items, to /menu/cart. */
export function BagButton({ count }: { count: number }) {
  return (
    <Link to="/menu/cart" className="bag-button">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M6 7V6a6 6 0 0 1 12 0v1h3l-1.5 15h-15L3 7zm2 0h8V6a4 4 0 0 0-8 0z" fill="currentColor" />
      </svg>
      <span>Review order</span>
      <span className="bag-count" aria-label={`${count} ${count === 1 ? 'item' : 'items'}`}>
        {count}
      </span>
    </Link>
  );
}
