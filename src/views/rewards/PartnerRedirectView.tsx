import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { PartnerMessages } from '../../../contracts/rewards-partner.ts';
import type { partnerRedirectMachine } from '../../../machines/partner-redirect.machine.ts';
import './partner.css';

/**
 * /rewards/partnerships/$hotelPartner/redirect (docs/rewards.md 2.4): no navigation or footer; 'Taking you to
 * Lodgecrest Rewards…' with a progress bar while the 5 s pass, the call runs and the window leaves.
 */
export function PartnerRedirectView({ actor }: { actor: ActorRefFrom<typeof partnerRedirectMachine> }) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  return (
    <div className="partner-redirect">
      <h1>{PartnerMessages.redirecting}</h1>
      {loading ? <progress className="partner-progress" aria-label={PartnerMessages.redirecting} /> : null}
    </div>
  );
}
