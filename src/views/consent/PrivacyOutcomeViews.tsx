import { PrivacyMessages, UnsubscribeMessages } from '../../../contracts/privacy-messages.ts';
import { OutcomePage } from '../shared/outcome.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import '../shared/page.css';
import './consent.css';

/*
 * The privacy pages that only show an outcome (the request's confirmation, unsubscribing and its result), apart
 * from the forms' views (PrivacyViews.tsx) so they load no form code or schema (docs/architecture.md, Performance).
 */

/** /personal-information/confirmation: never says whether the email is known. */
export function PrivacyConfirmationView() {
  return (
    <OutcomePage
      tone="success"
      heading={PrivacyMessages.confirmationHeading}
      primary={{ to: '/', label: 'Back to home' }}
    >
      <p>{PrivacyMessages.confirmationText}</p>
    </OutcomePage>
  );
}

/** /unsubscribe: while the link is checked. */
export function UnsubscribingView() {
  return (
    <div className="account-page account-center">
      <h1 className="account-heading">{UnsubscribeMessages.working}</h1>
      <PageLoading />
    </div>
  );
}

/**
 * /unsubscribe/complete?success=true|other&type=… (spec 2 section 2): the heading per type, a parting message and a
 * link to the communication preferences; otherwise 'Can't unsubscribe', the unexpected-error message and the
 * 'Change your preferences' button.
 */
export function UnsubscribeCompleteView({ success, type }: { success: boolean; type: string | undefined }) {
  if (!success)
    return (
      <OutcomePage
        tone="warn"
        heading={UnsubscribeMessages.failedHeading}
        primary={{ to: '/account/settings/communication-preferences', label: UnsubscribeMessages.changePreferences }}
      >
        <p>{UnsubscribeMessages.failedText}</p>
      </OutcomePage>
    );
  return (
    <OutcomePage
      tone="success"
      heading={type === 'personalized' ? UnsubscribeMessages.personalizedHeading : UnsubscribeMessages.promotionalHeading}
      primary={{ to: '/account/settings/communication-preferences', label: UnsubscribeMessages.managePreferences }}
    >
      <p>{UnsubscribeMessages.parting}</p>
    </OutcomePage>
  );
}
