/** A toast through the root notifications actor: src/services/app-actors.tsx. */
export { useToast } from '../../services/app-actors.tsx';

/**
 * What every card and payment page uses. Kept apart from the overlays (CardOverlays.tsx, loaded when one
 * opens) and from the credit-card machine (credit-card-actor.ts), so a page's first load carries only its own flow.
 */

/** The payment methods query (add money and auto reload choose from it): src/services/cards/queries.ts. */
export { paymentMethodsQuery } from '../../services/cards/payment-methods.ts';


/** This month, for the credit-card machine's expiry check. */
export const thisMonth = () => ({ year: new Date().getFullYear(), month: new Date().getMonth() + 1 });
