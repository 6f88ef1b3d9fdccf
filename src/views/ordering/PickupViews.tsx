import { Link } from '@tanstack/react-router';
import './ordering.css';

/*
 * The pickup pages without a flow: how to pick up, and the curbside check-in's success. Kept apart from the
 * check-in view (CurbsideView.tsx) so these pages do not load ordering's text catalogue.
 */

/** /pickup: how to pick up (open to everyone). */
export function PickupOptionsView() {
  return (
    <section className="page order-page">
      <h1>Pick up your order</h1>
      <ul className="cart-items">
        <li className="cart-item">
          <div className="cart-item-text">
            <h2 className="cart-item-name">In store</h2>
            <p className="cart-item-meta">Head to the pickup counter; your name is on the cup.</p>
          </div>
        </li>
        <li className="cart-item">
          <div className="cart-item-text">
            <h2 className="cart-item-name">Drive-thru</h2>
            <p className="cart-item-meta">Give your name at the window.</p>
          </div>
        </li>
        <li className="cart-item">
          <div className="cart-item-text">
            <h2 className="cart-item-name">Curbside</h2>
            <p className="cart-item-meta">Park in a curbside spot and tell us where you are.</p>
          </div>
          <Link to="/pickup/curbside" className="btn btn--primary btn--small">
            Check in
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** /pickup/curbside/success */
export function CurbsideSuccessView() {
  return (
    <section className="page order-page">
      <h1>You're checked in</h1>
      <p className="order-notice" role="status">
        We'll bring your order out to you. See you soon!
      </p>
      <Link to="/menu" className="btn btn--ghost">
        Back to the menu
      </Link>
    </section>
  );
}
