import { createFileRoute } from '@tanstack/react-router';

/** Any other sub-path under /store-locator shows the locator: the parent route renders it, this adds nothing. */
export const Route = createFileRoute('/store-locator/$')({
  component: () => null,
});
