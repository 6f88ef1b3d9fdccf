import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireSignIn } from '../services/auth-guard.ts';

/** /account/personal and /account/personal/partner: sign-in required (spec 2 section 2). */
export const Route = createFileRoute('/account/personal')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: Outlet,
});
