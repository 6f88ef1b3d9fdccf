import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import { StockTexts } from '../../../contracts/stock-texts.ts';
import { CheckoutTexts } from '../../../contracts/checkout-texts.ts';
import type { CartActor } from '../../services/cart.ts';
import { formatMoney } from '../../services/format.ts';
import { ProductImage } from './ProductImage.tsx';
import './ordering.css';

/**
 * /menu/cart: the items of the bag with quantity steppers; titled 'Review order' for members and 'Guest checkout'
 * for guests (spec 1 section 2). Renders the cart actor's snapshot and sends its events; the checkout part (pricing,
 * payment, place order) is passed in as `checkout`.
 */
export function CartView({
  cart,
  guest,
  storeName,
  checkout,
  substitutesFor,
}: {
  cart: CartActor;
  guest: boolean;
  storeName: string | null;
  checkout?: ReactNode;
  /** issue 29: 'Try instead' under an item sold out at the store */
  substitutesFor?: (productNumber: number) => ReactNode;
}) {
  const items = useSelector(cart, (s) => s.context.items);
  const empty = useSelector(cart, (s) => s.matches('empty'));
  const full = useSelector(cart, (s) => s.matches('full'));
  const count = items.reduce((n, i) => n + i.quantity, 0);
  const unavailable = items.some((i) => i.availability !== 'Available');
  return (
    <section className="page order-page cart-page" aria-labelledby="cart-title">
      <Link to="/menu" className="order-back">
        <span aria-hidden="true">←</span> Back to menu
      </Link>
      <h1 id="cart-title">{guest ? 'Guest checkout' : 'Review order'}</h1>
      {storeName ? (
        <p className="cart-store">
          Pickup store: <strong>{storeName}</strong>
        </p>
      ) : null}
      {empty ? (
        <div className="order-empty">
          <p>{OrderingTexts.cartEmpty}</p>
          <Link to="/menu" className="btn btn--primary">
            Browse the menu
          </Link>
        </div>
      ) : (
        <>
          <p className="cart-count" aria-live="polite">
            {count} {count === 1 ? 'item' : 'items'}
          </p>
          {full ? <p className="order-notice" role="status">{OrderingTexts.cartFull}</p> : null}
          {/* issue 30: the unavailable lines named; the rest is priced without them */}
          {unavailable ? (
            <p className="order-notice order-notice--warn" role="status">
              {items.every((i) => i.availability !== 'Available') ? OrderingTexts.noItemsAvailable : OrderingTexts.itemsUnavailable} {CheckoutTexts.leftOut}{' '}
              {items
                .filter((i) => i.availability !== 'Available')
                .map((i) => i.product.name)
                .join(', ')}
              .
            </p>
          ) : null}
          <ul className="cart-items">
            {items.map((item) => (
              <li key={item.key} className={`cart-item${item.availability !== 'Available' ? ' cart-item--unavailable' : ''}`}>
                <ProductImage src={item.productImage} />
                <div className="cart-item-text">
                  <h2 className="cart-item-name">{item.product.name}</h2>
                  <p className="cart-item-meta">
                    {item.size.name ?? item.size.sizeCode}
                    {item.selectedOptions.length ? ` · ${item.selectedOptions.map((o) => `${o.name ?? o.optionProductNumber}${o.quantity > 1 ? ` ×${o.quantity}` : ''}`).join(', ')}` : ''}
                  </p>
                  {item.availability === 'SoldOut' ? <p className="order-badge order-badge--soldout">{StockTexts.soldOut}</p> : item.availability !== 'Available' ? <p className="order-badge">{OrderingTexts.notSoldHere}</p> : null}
                  {item.availability === 'SoldOut' && substitutesFor ? substitutesFor(item.product.productNumber) : null}
                  {item.availability !== 'Available' ? (
                    // issue 30: a line the store cannot make: one Remove (no quantity to step)
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => cart.send({ type: 'cart.changeQuantity', key: item.key, delta: -item.quantity })}>
                      Remove<span className="visually-hidden"> {item.product.name}</span>
                    </button>
                  ) : null}
                  {item.unitPrice !== undefined ? <p className="cart-item-price">{formatMoney(item.unitPrice * item.quantity)}</p> : null}
                </div>
                {item.availability !== 'Available' ? null : (
                  <div className="stepper" role="group" aria-label={`Quantity of ${item.product.name}`}>
                  <button type="button" className="stepper-btn" aria-label={item.quantity === 1 ? `Remove ${item.product.name}` : `One less ${item.product.name}`} onClick={() => cart.send({ type: 'cart.changeQuantity', key: item.key, delta: -1 })}>
                    {item.quantity === 1 ? '×' : '−'}
                  </button>
                  <output className="stepper-value" aria-live="polite">{item.quantity}</output>
                  <button type="button" className="stepper-btn" aria-label={`One more ${item.product.name}`} disabled={full} onClick={() => cart.send({ type: 'cart.changeQuantity', key: item.key, delta: 1 })}>
                    +
                  </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn--link cart-clear" onClick={() => cart.send({ type: 'cart.clear' })}>
            Clear bag
          </button>
          {checkout}
        </>
      )}
    </section>
  );
}
