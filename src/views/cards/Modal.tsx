import { useEffect, useRef, type ReactNode } from 'react';
import '../shared/page.css';
import './cards.css';

/**
 * The cards area's modal dialog (card overlays, confirmations, the payment views' dialogs). A module of its own: the
 * payment pages, the card list and the lazily loaded overlays (src/routes/-cards/CardOverlays.tsx) each load only
 * their own views (docs/architecture.md#performance).
 */
export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="cards-backdrop">
      <div className="cards-modal" role="dialog" aria-modal="true" aria-labelledby="cards-modal-title" tabIndex={-1} ref={ref}>
        <div className="cards-modal__head">
          <h2 id="cards-modal-title">{title}</h2>
          <button type="button" className="btn btn--ghost" onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
