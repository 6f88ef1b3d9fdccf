import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any other /menu/* redirects to /menu (spec 1 section 2). */
export const Route = createFileRoute('/menu/$')({
  beforeLoad: () => {
    throw redirect({ to: '/menu', replace: true });
  },
});
