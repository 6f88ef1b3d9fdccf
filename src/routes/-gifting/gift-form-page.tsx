import { useEffect, useState } from 'react';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { GIFT_LOCALE } from '../../../contracts/gift.ts';
import { GiftMessages } from '../../../contracts/gift-messages.ts';
import { giftFormMachine } from '../../../machines/gift-form.machine.ts';
import { configQuery } from '../../services/config.ts';
import { sessionQuery } from '../../services/session.ts';
import { clearGuestCard, clearGuestPayment } from '../../services/guest-payment.ts';
import { clearPersistedGiftForm, persistGiftForm, readPersistedGiftForm, storeGiftConfirmation } from '../../services/gifting/gift-form-storage.ts';
import { giftFormActors, readGiftGuestPayment } from '../../services/gifting/purchase.actors.ts';
import { giftCatalogQuery } from '../../services/gifting/gift.queries.ts';
import { useToast } from '../../services/app-actors.tsx';
import { useRedirect } from '../../services/redirect.ts';
import { paymentMethodsQuery } from '../../services/cards/payment-methods.ts';
import { GiftFormView } from '../../views/gifting/GiftFormView.tsx';

/**
 * keeps `#payment` in the address bar while the payment modal (or the purchase in it) is open; `null` (the page
 * is leaving: confirmation, add-payment, not found) leaves the URL to the navigation
 */
function usePaymentHash(open: boolean | null) {
  const router = useRouter();
  useEffect(() => {
    if (open === null) return;
    const { pathname, search, hash } = window.location;
    if (open && hash !== '#payment') router.history.replace(`${pathname}${search}#payment`, router.history.location.state);
    if (!open && hash === '#payment') router.history.replace(`${pathname}${search}`, router.history.location.state);
  }, [open, router]);
}

/**
 * The page of /gift/{productNumber}: starts the giftForm machine with what it needs (session profile, config, the
 * member's methods or the guest's single-use payment, the form kept across add-payment, #payment) and provides its
 * effects (toast, navigation, sessionStorage).
 */
export function GiftFormPage({ productNumber, zeroRetries }: { productNumber: string; zeroRetries: boolean }) {
  const redirect = useRedirect();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(configQuery);
  const { data: session } = useSuspenseQuery(sessionQuery);
  const signedIn = session.signedIn && !!session.user;
  const methods = useQuery({ ...paymentMethodsQuery, enabled: signedIn }).data;
  const hash = useLocation({ select: (l) => l.hash });
  // read once per page opening
  const [start] = useState(() => ({ keyBase: crypto.randomUUID(), restored: readPersistedGiftForm(), guestPayment: readGiftGuestPayment(), openPayment: hash === 'payment' }));
  const actor = useActorRef(
    giftFormMachine.provide({
      actors: giftFormActors(queryClient),
      actions: {
        notify: (_, params) => toast(params.tone, GiftMessages[params.message]),
        redirect,
        persistForm: ({ context }) => persistGiftForm({ productNumber: context.formData.productNumber || context.productNumber, formData: context.formData, numberOfRecipients: context.numberOfRecipients, selectedPaymentInstrumentId: context.selectedPaymentInstrumentId }),
        clearPersistedForm: () => clearPersistedGiftForm(),
        storeConfirmation: ({ context }) => context.confirmation && storeGiftConfirmation(context.confirmation),
        clearGuestCard: () => clearGuestCard(),
        clearGuestPayment: () => clearGuestPayment(),
      },
    }),
    {
      input: {
        productNumber,
        locale: GIFT_LOCALE,
        signedIn,
        profile: signedIn && session.user ? { firstName: session.user.firstName, lastName: session.user.lastName, email: session.user.email } : null,
        config: config.gifting,
        restored: start.restored,
        openPayment: start.openPayment,
        zeroRetries,
        keyBase: start.keyBase,
        methods: methods?.paymentMethods ?? [],
        guestPayment: start.guestPayment,
      },
    },
  );
  const modalOpen = useSelector(actor, (s) => (s.status === 'done' ? null : s.matches('payment') || s.matches('purchasing') || s.matches('purchaseFailed')));
  usePaymentHash(modalOpen);
  // the design switch: the other designs of the chosen design's category (the catalog, prefetched by the loader)
  const categoryUrn = useSelector(actor, (s) => s.context.product?.categoryUrn);
  const catalog = useQuery(giftCatalogQuery(GIFT_LOCALE)).data;
  const designs = catalog?.categories.find((cat) => cat.urn === categoryUrn)?.eGifts ?? [];
  return <GiftFormView actor={actor} designs={designs} />;
}
