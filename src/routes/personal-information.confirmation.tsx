import { createFileRoute } from '@tanstack/react-router';
import { PrivacyConfirmationView } from '../views/consent/PrivacyOutcomeViews.tsx';

/** /personal-information/confirmation (spec 2 section 2). */
export const Route = createFileRoute('/personal-information/confirmation')({
  component: PrivacyConfirmationView,
});
