import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ProductDetail } from '../../../contracts/ordering.ts';
import { OrderingMessages } from '../../../contracts/ordering-messages.ts';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import type { productMachine } from '../../../machines/product.machine.ts';
import type { favoritesMachine } from '../../../machines/favorites.machine.ts';
import { allOptions, draftOf, favoriteOf, unitPrice } from '../../../machines/product-options.ts';
import { formatMoney } from '../../services/format.ts';
import { Spinner } from '../shell/Loading.tsx';
import { ALLERGEN_NAMES, AllergenMessages, allergenList, type AllergenCode } from '../../../contracts/allergens.ts';
import type { ProductTile } from '../../../contracts/ordering-menu.ts';
import { StockTexts } from '../../../contracts/stock-texts.ts';
import { TryInstead } from './TryInstead.tsx';
import { hiddenBy } from '../../../machines/allergen-rules.ts';
import type { StockAvailability } from '../../../machines/stock-rules.ts';
import './ordering.css';
import { ChoiceTile, ChoiceTiles } from '../shared/ChoiceTiles.tsx';

export { TryInstead };
export type ProductActor = ActorRefFrom<typeof productMachine>;
export type ProductFavoritesActor = ActorRefFrom<typeof favoritesMachine>;

/**
 * Add to favorites / Remove from favorites for the drink as customised (spec 4: add skips the server when it is
 * already a favorite, remove; each notifies). Guests are sent to sign-in by the favorites machine.
 */
function FavoriteToggle({ actor, favorites }: { actor: ProductActor; favorites: ProductFavoritesActor }) {
  const c = useSelector(actor, (s) => s.context);
  const f = useSelector(favorites, (s) => s);
  const fav = favoriteOf(draftOf(c.product, c.sizeCode, c.options, c.quantity));
  if (!fav) return null;
  const saved = f.context.favorites.find((x) => x.itemKey === fav.key);
  const usable = f.matches('ready') || f.matches('guest');
  return (
    <div className="favorite-toggle">
      <button
        type="button"
        className="btn btn--ghost btn--small"
        aria-pressed={!!saved}
        disabled={!usable}
        aria-busy={f.hasTag('loading')}
        onClick={() => (saved ? favorites.send({ type: 'user.removeFavorite', id: saved.id }) : favorites.send({ type: 'user.addFavorite', item: fav.item, key: fav.key }))}
      >
        <span aria-hidden="true">{saved ? '♥' : '♡'}</span> {saved ? 'Remove from favorites' : 'Add to favorites'}
      </button>
      {saved ? <span className="cart-item-meta">In your favorites</span> : null}
    </div>
  );
}

/** Loading, 404 and product error of the product pages; the loaded product to `children`. */
export function ProductFrame({ actor, children }: { actor: ProductActor; children: (p: ProductDetail) => React.ReactNode }) {
  const state = useSelector(actor, (s) => s);
  if (state.hasTag('loading'))
    return (
      <div className="page-loading">
        <Spinner label="Loading the product" />
      </div>
    );
  if (state.matches('notFound'))
    return (
      <div className="order-empty">
        <p className="eyebrow">404</p>
        <h1>Product not found</h1>
        <p>{OrderingTexts.productNotFound}</p>
        <Link to="/menu" className="btn btn--primary">
          See the whole menu
        </Link>
      </div>
    );
  if (state.matches('failed') || !state.context.product)
    return (
      <div className="order-empty" role="alert">
        <h1>Product unavailable</h1>
        <p>{OrderingTexts.productError}</p>
        <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.retry' })}>
          Try again
        </button>
      </div>
    );
  return <>{children(state.context.product)}</>;
}

/** issue 30: the confirmation sheet, loaded when an add first answers (docs/ordering-client.md) */
const AddedSheet = lazy(() => import('./AddedSheet.tsx'));
/** issue 29's allergen warning, loaded when a customisation asks for it (first-load weight, issue 30) */
const AllergenWarning = lazy(() => import('./AllergenWarning.tsx').then((m) => ({ default: m.AllergenWarning })));

/** /menu/product/{productNumber}/{formCode}: size, options, quantity, the price as it changes, add to the bag. */
const NO_STOCK: Readonly<Record<string, StockAvailability>> = {};

/**
 * /menu/product/{productNumber}/{formCode}: size, options, quantity, the price as it changes, add to the bag.
 * Issue 29: `stock` (the store's live changes) makes a sold-out product say 'Sold out' with Add disabled and
 * `substitutes` under 'Try instead'; the allergens per size are listed, and those in the customer's filter
 * (`allergenFilter`) are named.
 */
export function ProductView({
  actor,
  favorites,
  stock = NO_STOCK,
  substitutes = [],
  allergenFilter = [],
}: {
  actor: ProductActor;
  favorites?: ProductFavoritesActor;
  stock?: Readonly<Record<string, StockAvailability>>;
  substitutes?: readonly ProductTile[];
  allergenFilter?: readonly AllergenCode[];
}) {
  const c = useSelector(actor, (s) => s.context);
  // the store's live stock goes to the machine, which refuses an add while the product is sold out (issue 30)
  const live = stock[String(c.productNumber)];
  useEffect(() => {
    if (live) actor.send({ type: 'stock.changed', availability: live });
  }, [actor, live]);
  const added = useSelector(actor, (s) => s.matches('added'));
  const cartFull = useSelector(actor, (s) => s.matches('cartFull'));
  const warning = useSelector(actor, (s) => s.matches('warning'));
  // the warning dialog stays mounted once it has opened, so closing it returns focus to the opener
  const [warnedOnce, setWarnedOnce] = useState(false);
  if (warning && !warnedOnce) setWarnedOnce(true);
  return (
    <section className="page order-page product-page">
      <ProductFrame actor={actor}>
        {(p) => {
          const price = unitPrice(p, c.sizeCode, c.options);
          const size = p.sizes.find((s) => s.sizeCode === c.sizeCode);
          const groups = p.productOptions.flatMap((cat) => [
            { id: cat.id, name: cat.name, single: cat.selection === 'single', products: cat.products },
            ...cat.children.map((ch) => ({ id: `${cat.id}-${ch.id}`, name: ch.name, single: ch.selection === 'single', products: ch.products })),
          ]).filter((g) => g.products.length);
          const optionCount = allOptions(p).length;
          // the machine's availability: as loaded at this store, with the live stock laid over it (issue 29, 30)
          const availability = c.availability;
          const soldOut = availability === 'SoldOut';
          const unavailable = availability !== 'Available';
          const filtered = hiddenBy(size?.allergenCodes ?? [], allergenFilter);
          return (
            <>
              <nav aria-label="Breadcrumb" className="crumbs">
                <Link to="/menu">Menu</Link> <span aria-hidden="true">/</span>{' '}
                <Link to="/menu/$menu/$category" params={{ menu: p.menuPath.menu, category: p.menuPath.category }}>
                  Back to {p.productType === 'Food' ? 'food' : 'drinks'}
                </Link>
              </nav>
              <header className="product-hero">
                <img src={p.imageURL} alt="" width={160} height={160} className="product-image" fetchPriority="high" />
                <div>
                  <h1>{p.name}</h1>
                  <p className="product-desc">{p.description}</p>
                  {size ? <p className="product-cal">{size.nutrition.calories} calories{size.displaySize ? ` · ${size.displaySize}` : ''}</p> : null}
                  {/* issue 30: 'Sold out' / 'Not sold at this store' is the disabled Add button's label (always in view in the sticky add bar), said once */}
                  {filtered.length ? <p className="order-notice order-notice--warn">{AllergenMessages.inFilter.replace('{list}', allergenList(filtered))}</p> : null}
                  <Link to="/menu/product/$productNumber/$formCode/nutrition" params={{ productNumber: String(p.productNumber), formCode: p.formCode }}>
                    Nutrition and allergens
                  </Link>
                </div>
              </header>
              {p.sizes.length ? (
                <fieldset className="choice-group">
                  <legend>Size</legend>
                  <ChoiceTiles>
                    {p.sizes.map((s) => (
                      <ChoiceTile key={s.sizeCode} name="size" value={s.sizeCode} checked={c.sizeCode === s.sizeCode} onChange={() => actor.send({ type: 'user.selectSize', sizeCode: s.sizeCode })} label={s.name} detail={s.displaySize} />
                    ))}
                  </ChoiceTiles>
                </fieldset>
              ) : null}
              {optionCount ? <h2 className="menu-group-title">Customizations</h2> : null}
              {groups.map((g) => (
                <fieldset key={g.id} className="choice-group">
                  <legend>{g.name}</legend>
                  {g.single
                    ? g.products.map((o) => (
                        <label key={o.optionProductNumber} className="option-row">
                          <input type="radio" name={`group-${g.id}`} checked={(c.options[String(o.optionProductNumber)] ?? 0) > 0} onChange={() => actor.send({ type: 'user.setOption', optionProductNumber: o.optionProductNumber, quantity: 1 })} />
                          <span>{o.name}</span>
                          {o.unitPrice > 0 ? <span className="option-price">+{formatMoney(o.unitPrice, undefined, p.currency)}</span> : null}
                        </label>
                      ))
                    : g.products.map((o) => {
                        const q = c.options[String(o.optionProductNumber)] ?? 0;
                        return (
                          <div key={o.optionProductNumber} className="option-row">
                            <span id={`opt-${o.optionProductNumber}`}>
                              {o.name}
                              {o.unitPrice > 0 ? <span className="option-price"> +{formatMoney(o.unitPrice, undefined, p.currency)}</span> : null}
                            </span>
                            <div className="stepper" role="group" aria-labelledby={`opt-${o.optionProductNumber}`}>
                              <button type="button" className="stepper-btn" aria-label={`Fewer: ${o.name}`} disabled={q === 0} onClick={() => actor.send({ type: 'user.setOption', optionProductNumber: o.optionProductNumber, quantity: q - 1 })}>
                                −
                              </button>
                              <output className="stepper-value">{q}</output>
                              <button type="button" className="stepper-btn" aria-label={`More: ${o.name}`} disabled={q >= o.maxQuantity} onClick={() => actor.send({ type: 'user.setOption', optionProductNumber: o.optionProductNumber, quantity: q + 1 })}>
                                +
                              </button>
                            </div>
                          </div>
                        );
                      })}
                </fieldset>
              ))}
              {c.error && c.error !== 'unavailable' ? (
                <p className="order-notice order-notice--error" role="alert">
                  {c.error === 'addInLimit' ? OrderingMessages.addInLimit(c.maximumModifierAmount) : OrderingTexts.productDataInvalid}
                </p>
              ) : null}
              <div className="add-bar">
                <div className="stepper" role="group" aria-label="Quantity">
                  <button type="button" className="stepper-btn" aria-label="One fewer" disabled={c.quantity <= 1} onClick={() => actor.send({ type: 'user.setQuantity', quantity: c.quantity - 1 })}>
                    −
                  </button>
                  <output className="stepper-value">{c.quantity}</output>
                  <button type="button" className="stepper-btn" aria-label="One more" onClick={() => actor.send({ type: 'user.setQuantity', quantity: c.quantity + 1 })}>
                    +
                  </button>
                </div>
                {/* issue 30: an item the store has sold out or does not sell cannot be added, and the button says which */}
                <button type="button" className={`btn btn--primary add-button${soldOut ? ' add-button--soldout' : ''}`} disabled={unavailable} aria-label={unavailable ? `Add to order: ${soldOut ? StockTexts.soldOut : OrderingTexts.notSoldHere}` : undefined} onClick={() => actor.send({ type: 'user.addToCart', at: Date.now() })}>
                  {unavailable ? (
                    soldOut ? StockTexts.soldOut : OrderingTexts.notSoldHere
                  ) : (
                    <>Add to order{price !== null ? <span aria-live="polite"> · {formatMoney(price * c.quantity, undefined, p.currency)}</span> : null}</>
                  )}
                </button>
              </div>
              {soldOut ? <TryInstead products={substitutes} /> : null}
              {p.sizes.length ? (
                <section className="product-allergens" aria-labelledby="allergens-by-size">
                  <h2 id="allergens-by-size" className="menu-group-title">
                    {AllergenMessages.bySize}
                  </h2>
                  <ul className="allergens-by-size">
                    {p.sizes.map((s) => (
                      <li key={s.sizeCode}>
                        <strong>{s.name}:</strong> {s.allergenCodes.map((a) => ALLERGEN_NAMES[a]).join(', ') || AllergenMessages.noneListed}
                      </li>
                    ))}
                  </ul>
                  <p className="cart-item-meta">{AllergenMessages.guidance}</p>
                </section>
              ) : null}
              {favorites ? <FavoriteToggle actor={actor} favorites={favorites} /> : null}
              {warnedOnce ? (
                <Suspense fallback={null}>
                  <AllergenWarning open={warning} added={c.addedAllergens} onConfirm={() => actor.send({ type: 'user.addAnyway' })} onBack={() => actor.send({ type: 'user.goBack' })} />
                </Suspense>
              ) : null}
              {cartFull || added ? (
                <Suspense fallback={null}>
                  <AddedSheet refused={cartFull} message={cartFull ? OrderingTexts.cartFull : 'Added to your order.'} next={cartFull ? 'Keep customizing' : 'Customize another'} onNext={() => actor.send({ type: 'user.continue' })} />
                </Suspense>
              ) : null}
            </>
          );
        }}
      </ProductFrame>
    </section>
  );
}

/** /menu/product/{productNumber}/{formCode}/nutrition: nutrition and allergens per size. */
export function NutritionView({ actor }: { actor: ProductActor }) {
  return (
    <section className="page order-page">
      <ProductFrame actor={actor}>
        {(p) => (
          <>
            <Link to="/menu/product/$productNumber/$formCode" params={{ productNumber: String(p.productNumber), formCode: p.formCode }} className="order-back">
              <span aria-hidden="true">←</span> Back to {p.name}
            </Link>
            <h1>{p.name}: nutrition</h1>
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Nutrition per size">
              <table className="nutrition-table">
                <thead>
                  <tr>
                    <th scope="col">Per serving</th>
                    {p.sizes.map((s) => (
                      <th key={s.sizeCode} scope="col">{s.name}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {(
                    [
                      ['Serving size', (n) => n.servingSize],
                      ['Calories', (n) => String(n.calories)],
                      ['Total fat', (n) => `${n.totalFatG} g`],
                      ['Saturated fat', (n) => `${n.saturatedFatG} g`],
                      ['Trans fat', (n) => `${n.transFatG} g`],
                      ['Cholesterol', (n) => `${n.cholesterolMg} mg`],
                      ['Sodium', (n) => `${n.sodiumMg} mg`],
                      ['Total carbohydrates', (n) => `${n.totalCarbohydratesG} g`],
                      ['Dietary fiber', (n) => `${n.dietaryFiberG} g`],
                      ['Sugars', (n) => `${n.sugarsG} g`],
                      ['Protein', (n) => `${n.proteinG} g`],
                      ['Caffeine', (n) => (n.caffeineMg === null ? '–' : `${n.caffeineMg} mg`)],
                    ] as Array<[string, (n: ProductDetail['sizes'][number]['nutrition']) => string]>
                  ).map(([label, f]) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      {p.sizes.map((s) => (
                        <td key={s.sizeCode}>{f(s.nutrition)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <h2>{AllergenMessages.bySize}</h2>
            <ul className="allergens-by-size">
              {p.sizes.map((s) => (
                <li key={s.sizeCode}>
                  <strong>{s.name}:</strong> {s.allergenCodes.map((a) => ALLERGEN_NAMES[a]).join(', ') || AllergenMessages.noneListed}
                </li>
              ))}
            </ul>
            <p className="cart-item-meta">{AllergenMessages.guidance}</p>
          </>
        )}
      </ProductFrame>
    </section>
  );
}
