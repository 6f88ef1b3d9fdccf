import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { UnsubscribeCompleteView } from '../views/consent/PrivacyOutcomeViews.tsx';
import { TextParam } from './-consent/search.ts';

const CompleteSearch = v.object({
  // the router's search parser reads success=true as the boolean true
  success: v.fallback(v.optional(v.union([v.boolean(), v.pipe(v.string(), v.maxLength(10))])), undefined),
  type: TextParam(40),
});

/** /unsubscribe/complete?success=true|other&type=… (spec 2 section 2). */
export const Route = createFileRoute('/unsubscribe/complete')({
  validateSearch: CompleteSearch,
  component: UnsubscribeCompletePage,
});

function UnsubscribeCompletePage() {
  const { success, type } = Route.useSearch();
  return <UnsubscribeCompleteView success={success === true || success === 'true'} type={type} />;
}
