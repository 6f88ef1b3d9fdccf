import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** The centered outcome page of a flow (success, expired link, partial success): icon, heading, text, next steps. */
export interface OutcomeLink {
  /** a route of the router (typed: a page that does not exist fails the typecheck) */
  to: LinkProps['to'];
  label: string;
}

/**
 * A one-message outcome page (done, expired, partly done): icon, heading, text and its buttons. `primary` is the
 * main button, `secondary` an optional ghost button beside it.
 */
export function OutcomePage({ tone, heading, children, primary, secondary }: { tone: 'success' | 'warn'; heading: ReactNode; children: ReactNode; primary: OutcomeLink; secondary?: OutcomeLink }) {
  return (
    <div className="account-page account-center">
      <section className="account-card">
        <div className={tone === 'success' ? 'account-icon' : 'account-icon account-icon--warn'} aria-hidden="true">
          {tone === 'success' ? '✓' : '!'}
        </div>
        <h1 className="account-heading">{heading}</h1>
        {children}
        <div className="account-actions">
          <Link to={primary.to} className="btn btn--primary">
            {primary.label}
          </Link>
          {secondary && (
            <Link to={secondary.to} className="btn btn--ghost">
              {secondary.label}
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
