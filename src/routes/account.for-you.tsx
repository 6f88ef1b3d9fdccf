import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { requireSignIn } from '../services/auth-guard.ts';
import { configQuery } from '../services/config.ts';
import { sessionQuery } from '../services/session.ts';
import { ForYouView } from '../views/account/ForYouView.tsx';

/** /account/for-you: the signed-in landing (greeting and links). */
export const Route = createFileRoute('/account/for-you')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  component: ForYouPage,
});

function ForYouPage() {
  const { data: session } = useSuspenseQuery(sessionQuery);
  const { data: config } = useSuspenseQuery(configQuery);
  return <ForYouView firstName={session.user?.firstName ?? ''} product={config.brand.product} />;
}
