import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { deliveryLandingMachine } from '../../../machines/delivery-landing.machine.ts';
import { Dialog } from '../shell/Dialog.tsx';
import { FulfillmentToggle } from '../shared/FulfillmentToggle.tsx';
import './DeliveryLandingView.css';

export interface DeliveryLandingViewProps {
  actor: ActorRefFrom<typeof deliveryLandingMachine>;
  brandName: string;
  faqUrl: string;
  /** /menu/store-locator/delivery (full-page, no global chrome) rather than /store-locator/delivery */
  inMenu: boolean;
}

export const deliveryCopy = {
  heading: 'Delivery, from your favorite store',
  intro: (brand: string) => `Get your ${brand} favorites delivered. Orders are placed and delivered by our delivery partner.`,
  getStarted: 'Get started',
  faq: 'Delivery FAQ',
  legal: (brand: string) =>
    `Delivery orders are placed with, fulfilled and delivered by our third-party delivery partner, under the partner's terms of service and privacy policy, not ${brand}'s. Menu items, prices and availability may differ from ordering in store or for pickup, and delivery and service fees may apply.`,
  dialogTitle: 'Your bag will not carry over',
  dialogBody: (n: number) =>
    `You have ${n} ${n === 1 ? 'item' : 'items'} in your bag. Delivery orders are placed with our delivery partner, so you'll need to rebuild your order there. Your bag stays here for pickup.`,
  continue: 'Continue to delivery',
  cancel: 'Cancel',
  opened: 'The delivery partner opened in a new tab.',
  openAgain: 'Open it again',
};

/** The delivery landing page (spec 1 section 2): hero, FAQ link, legal text, Get started, rebuild dialog. */
export function DeliveryLandingView({ actor, brandName, faqUrl, inMenu }: DeliveryLandingViewProps) {
  const confirming = useSelector(actor, (s) => s.matches('confirmingRebuild'));
  const opened = useSelector(actor, (s) => s.matches('partnerOpened'));
  const checking = useSelector(actor, (s) => s.hasTag('loading'));
  const bagItemCount = useSelector(actor, (s) => s.context.bagItemCount);
  const storefrontUrl = useSelector(actor, (s) => s.context.storefrontUrl);
  return (
    <div className={`delivery-landing${inMenu ? ' delivery-landing--in-menu' : ''}`}>
      <div className="delivery-landing-toggle">
        <FulfillmentToggle value="delivery" inMenu={inMenu} />
      </div>
      <section className="delivery-hero" aria-labelledby="delivery-heading">
        <div className="delivery-hero-art" aria-hidden="true">
          <svg viewBox="0 0 120 120" width="120" height="120">
            <circle cx="60" cy="60" r="58" fill="currentColor" opacity="0.12" />
            <path d="M34 46h40v26a20 20 0 0 1-40 0zM74 52h6a8 8 0 0 1 0 16h-6" fill="none" stroke="currentColor" strokeWidth="6" strokeLinejoin="round" />
            <path d="M44 30c0-6 6-6 6-12M56 30c0-6 6-6 6-12" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
            <path d="M26 98h68" stroke="currentColor" strokeWidth="6" strokeLinecap="round" />
          </svg>
        </div>
        <div className="delivery-hero-text">
          <h1 id="delivery-heading">{deliveryCopy.heading}</h1>
          <p>{deliveryCopy.intro(brandName)}</p>
          <div className="row">
            <button type="button" className="btn btn--primary delivery-get-started" disabled={checking} onClick={() => actor.send({ type: 'user.getStarted' })}>
              {deliveryCopy.getStarted}
            </button>
            <a className="btn btn--ghost" href={faqUrl}>
              {deliveryCopy.faq}
            </a>
          </div>
          {opened ? (
            <p className="delivery-opened" role="status">
              {deliveryCopy.opened}{' '}
              <a href={storefrontUrl} target="_blank" rel="noopener noreferrer">
                {deliveryCopy.openAgain}
              </a>
            </p>
          ) : null}
        </div>
      </section>
      <section className="delivery-legal" aria-label="Delivery terms">
        <p>{deliveryCopy.legal(brandName)}</p>
      </section>
      <Dialog
        open={confirming}
        title={deliveryCopy.dialogTitle}
        onClose={() => actor.send({ type: 'user.cancel' })}
        actions={
          <>
            <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.cancel' })}>
              {deliveryCopy.cancel}
            </button>
            <button type="button" className="btn btn--primary" onClick={() => actor.send({ type: 'user.continue' })}>
              {deliveryCopy.continue}
            </button>
          </>
        }
      >
        <p>{deliveryCopy.dialogBody(bagItemCount)}</p>
      </Dialog>
    </div>
  );
}
