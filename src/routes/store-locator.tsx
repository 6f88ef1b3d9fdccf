import { createFileRoute } from '@tanstack/react-router';
import { locatorSearchSchema } from './-locator/search.ts';
import { LocatorPage } from './-locator/LocatorPage.tsx';

/**
 * /store-locator: the standalone store locator (spec 1 section 2). Any other sub-path shows the locator
 * too (store-locator.$.tsx matches it and renders nothing of its own); /store-locator/delivery is its
 * own page (store-locator_.delivery.tsx).
 */
export const Route = createFileRoute('/store-locator')({
  validateSearch: locatorSearchSchema,
  component: StoreLocator,
});

function StoreLocator() {
  const search = Route.useSearch();
  return <LocatorPage inMenu={false} search={search} />;
}
