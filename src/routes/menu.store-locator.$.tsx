import { createFileRoute } from '@tanstack/react-router';

/** Any other sub-path under /menu/store-locator shows the in-menu locator (rendered by the parent route). */
export const Route = createFileRoute('/menu/store-locator/$')({
  component: () => null,
});
