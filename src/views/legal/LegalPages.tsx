import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import '../shared/legal-page.css';

/**
 * Short help and legal pages linked from the delivery landing page, sign-in and account creation.
 * They are SAMPLE TEXT for this demo app (each page says so): real terms come from the legal team.
 */
export const SAMPLE_NOTICE = 'Sample text: this demo shows where the real document goes. It is not a legal agreement.';

/** The frame of every legal page (each page's view is its own module, so a page loads only its own text). */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="legal-page">
      <h1>{title}</h1>
      <p className="legal-sample" role="note">{SAMPLE_NOTICE}</p>
      <p className="legal-updated">Last updated {updated}</p>
      {children}
      <nav aria-label="Legal" className="legal-links">
        <Link to="/terms-of-use">Terms of Use</Link>
        <Link to="/card-terms">Card Terms</Link>
        <Link to="/privacy-statement">Privacy Statement</Link>
        <Link to="/help/delivery-faq">Delivery FAQ</Link>
      </nav>
    </article>
  );
}
