import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { reauthMachine } from '../../../machines/reauth.machine.ts';
import { reauthActors } from '../../services/account/reauth.ts';
import { hasRecentSecondFactor } from '../../services/auth-guard.ts';
import { refreshSession, sessionQuery } from '../../services/session.ts';
import { ReauthView } from '../../views/account/ReauthView.tsx';

/**
 * Pages that need a recent second-factor check (spec 2 section 6: password, mfa, edit-phone) render through
 * this gate: with session.mfaVerifiedAt within 15 minutes the page shows; otherwise the re-authentication step
 * (password, then the SMS code when the account has an MFA phone), after which the session is refreshed.
 */
export function ReauthGate({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  const { data: session } = useQuery(sessionQuery);
  if (!enabled || hasRecentSecondFactor(session)) return <>{children}</>;
  return <ReauthStep />;
}

function ReauthStep() {
  const queryClient = useQueryClient();
  const actor = useActorRef(
    reauthMachine.provide({
      actors: reauthActors(),
      actions: { onVerified: () => void refreshSession(queryClient) },
    }),
  );
  return <ReauthView actor={actor} />;
}
