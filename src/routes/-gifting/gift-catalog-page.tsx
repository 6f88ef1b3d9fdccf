import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { GIFT_LOCALE } from '../../../contracts/gift.ts';
import { GiftMessages } from '../../../contracts/gift-messages.ts';
import { giftCatalogMachine } from '../../../machines/gift-catalog.machine.ts';
import { configQuery } from '../../services/config.ts';
import { giftCatalogActors } from '../../services/gifting/catalog.actors.ts';
import { useToast } from '../../services/app-actors.tsx';
import { useRedirect } from '../../services/redirect.ts';
import { GiftCatalogView } from '../../views/gifting/GiftCatalogView.tsx';

/**
 * The page of /gift, /gift/* and /gift/category/{categoryUrn}: starts the giftCatalog machine with the config's
 * balance-check flag (the loader has put the catalog in the query cache) and renders its view.
 */
export function GiftCatalogPage({ categoryUrn }: { categoryUrn: string | null }) {
  const redirect = useRedirect();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(configQuery);
  const actor = useActorRef(
    giftCatalogMachine.provide({
      actors: giftCatalogActors(queryClient),
      actions: {
        notify: (_, params) => toast(params.tone, GiftMessages[params.message]),
        redirect,
      },
    }),
    { input: { locale: GIFT_LOCALE, categoryUrn, balanceCheck: config.gifting.unauthCardBalanceCheckEnabled } },
  );
  return <GiftCatalogView actor={actor} showBulkGiftBanner={config.gifting.showBulkGiftBanner} cardBalanceUrl={config.gifting.cardBalanceUrl} />;
}
