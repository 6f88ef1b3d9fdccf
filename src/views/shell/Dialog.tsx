import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * Accessible modal dialog on the native <dialog> element: focus moves in and is trapped by the browser,
 * Escape and the backdrop close it (onClose), focus returns to the opener.
 */
export function Dialog({ open, title, onClose, children, actions, className }: { open: boolean; title: string; onClose: () => void; children?: ReactNode; actions?: ReactNode; className?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="dialog-body">
          <h2 id={titleId} className="dialog-title">{title}</h2>
          {children}
          {actions ? <div className="dialog-actions">{actions}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
