import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * Issue 30: what adding said, where the customer is: a sheet fixed to the bottom of the viewport, over the add bar
 * (phone and desktop), instead of a panel at the end of a long product page. Focus moves to its message when it
 * opens (so a screen reader reads it and the keyboard is on its buttons); Escape or the second button closes it and
 * focus goes back to Add to order. Loaded on first use (React.lazy in ProductView): the product page's first load
 * does not carry it.
 */
export default function AddedSheet({ refused, message, next, onNext }: { refused: boolean; message: string; next: string; onNext: () => void }) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [message]);
  const close = () => {
    onNext();
    // back to the button that opened the sheet
    queueMicrotask(() => document.querySelector<HTMLButtonElement>('.product-page .add-button')?.focus());
  };
  return (
    <div
      className={`added-sheet${refused ? ' added-sheet--error' : ''}`}
      role="region"
      aria-label={refused ? 'Not added' : 'Added to your order'}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <div className="added-sheet-inner">
        <p ref={heading} tabIndex={-1} className="added-sheet-message" role={refused ? 'alert' : 'status'}>
          {message}
        </p>
        <div className="row">
          <Link to="/menu/cart" className="btn btn--primary btn--small">
            Review order
          </Link>
          <button type="button" className="btn btn--ghost btn--small" onClick={close}>
            {next}
          </button>
        </div>
      </div>
    </div>
  );
}
