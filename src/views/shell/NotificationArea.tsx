import type { Notification } from '../../../machines/notifications.machine.ts';

/** The current toast (polite live region) and persistent notifications (stay until dismissed). */
export function NotificationArea({ toast, persistent, onDismiss }: { toast: Notification | null; persistent: Notification[]; onDismiss: (id: string) => void }) {
  return (
    <>
      {persistent.length ? (
        <div className="persistent-notifications">
          {persistent.map((n) => (
            <div key={n.id} role="alert" className={`notice notice--${n.tone}`} data-testid="persistent-notification">
              <div>
                {n.title ? <strong className="notice-title">{n.title}</strong> : null}
                <p>{n.message}</p>
                {n.action ? <a href={n.action.href}>{n.action.label}</a> : null}
              </div>
              <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => onDismiss(n.id)}>×</button>
            </div>
          ))}
        </div>
      ) : null}
      <div className="toast-region" role="status" aria-live="polite">
        {toast ? (
          <div className={`toast toast--${toast.tone}`} data-testid="toast">
            <span>{toast.title ? <strong>{toast.title} </strong> : null}{toast.message}</span>
            {toast.action ? <a href={toast.action.href}>{toast.action.label}</a> : null}
            <button type="button" className="icon-btn" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>×</button>
          </div>
        ) : null}
      </div>
    </>
  );
}
