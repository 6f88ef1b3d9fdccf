import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { GIFT_LOCALE, GIFT_PRODUCT_NUMBER } from '../../contracts/gift-ids.ts';
import { sessionQuery } from '../services/session.ts';
import { giftCardQuery, giftCatalogQuery } from '../services/gifting/gift.queries.ts';
import { paymentMethodsQuery } from '../services/cards/payment-methods.ts';
import { GiftFormPage } from './-gifting/gift-form-page.tsx';

/**
 * /gift/{productNumber} and its #payment modal (spec 3 sections 2–5; docs/gifting.md 1, 2.2). The product number
 * must be exactly 8 digits: otherwise nothing is asked for, and the machine shows 'Could not find the card(s) you
 * were looking for.' and goes back to /gift. `?zero-retries=true` records the first EPROMISERETRY instead of polling
 * on (anything else is dropped). Title: the page's heading, the design's alt text (RouteAnnouncer).
 */
export const Route = createFileRoute('/gift/$productNumber')({
  validateSearch: v.object({ 'zero-retries': v.fallback(v.optional(v.literal('true')), undefined) }),
  loader: async ({ context, params }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    const reads: Array<Promise<unknown>> = [];
    // a failed prefetch is not an error page: the machine loads again and shows its own outcome
    if (GIFT_PRODUCT_NUMBER.test(params.productNumber)) {
      reads.push(context.queryClient.ensureQueryData(giftCardQuery(params.productNumber, GIFT_LOCALE)).catch(() => undefined));
      // the category's designs for the design switch (without it the page just shows no switch)
      reads.push(context.queryClient.ensureQueryData(giftCatalogQuery(GIFT_LOCALE)).catch(() => undefined));
    }
    if (session.signedIn) reads.push(context.queryClient.ensureQueryData(paymentMethodsQuery).catch(() => undefined));
    await Promise.all(reads);
  },
  component: GiftFormRoute,
});

function GiftFormRoute() {
  const { productNumber } = Route.useParams();
  const zeroRetries = Route.useSearch()['zero-retries'] === 'true';
  return <GiftFormPage key={productNumber} productNumber={productNumber} zeroRetries={zeroRetries} />;
}
