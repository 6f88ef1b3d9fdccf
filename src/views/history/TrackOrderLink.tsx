import { Link } from '@tanstack/react-router';
import { OrderStatusLinkTexts, isTerminal } from '../../../contracts/order-status-link-texts.ts';
import type { OrderStatus } from '../../../contracts/ordering-checkout.ts';

/**
 * 'Track order' to the live tracker (/menu/order/{orderId}, issue 29; docs/order-status.md 1) while something can
 * still happen to the order: not once it is picked up or cancelled. `label` names the order where several links share
 * one page (the history list).
 */
export function TrackOrderLink({ orderId, status, label }: { orderId: string; status: OrderStatus; label?: string }) {
  if (isTerminal(status)) return null;
  return (
    <Link to="/menu/order/$orderId" params={{ orderId }} className="history-track" aria-label={label ? `${OrderStatusLinkTexts.trackOrderLink}: ${label}` : undefined}>
      {OrderStatusLinkTexts.trackOrderLink}
    </Link>
  );
}
