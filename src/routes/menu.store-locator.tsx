import { createFileRoute } from '@tanstack/react-router';
import { locatorSearchSchema } from './-locator/search.ts';
import { LocatorPage } from './-locator/LocatorPage.tsx';

/**
 * /menu/store-locator: the locator inside the menu flow (spec 1 section 2): a full-page flex layout
 * without the global navigation or footer. Choosing a store goes on to the return path, the cart
 * (?toCart) or /menu. Other sub-paths show it too (menu.store-locator.$.tsx).
 */
export const Route = createFileRoute('/menu/store-locator')({
  staticData: { chrome: 'none' },
  validateSearch: locatorSearchSchema,
  component: MenuStoreLocator,
});

function MenuStoreLocator() {
  const search = Route.useSearch();
  return <LocatorPage inMenu search={search} />;
}
