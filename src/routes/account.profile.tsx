import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { partnerNumberQuery, profileQuery } from '../services/account.queries.ts';
import { requireSignIn } from '../services/auth-guard.ts';
import { ProfileView } from '../views/account/ProfileView.tsx';

/** /account/profile: an overview of the account's details (sign-in required). */
export const Route = createFileRoute('/account/profile')({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(profileQuery), context.queryClient.ensureQueryData(partnerNumberQuery)]),
  component: ProfilePage,
});

function ProfilePage() {
  const { data: profile } = useSuspenseQuery(profileQuery);
  const { data: partner } = useSuspenseQuery(partnerNumberQuery);
  return <ProfileView profile={profile} partnerNumber={partner.partnerNumber} />;
}
