import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { UnsubscribeCompleteView } from '../views/consent/PrivacyViews.tsx';

const CompleteSearch = v.object({
  success: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(10))), undefined),
  type: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(40))), undefined),
});

/** /unsubscribe/complete?success=true|other&type=… (spec 2 section 2). */
export const Route = createFileRoute('/unsubscribe/complete')({
  validateSearch: CompleteSearch,
  component: UnsubscribeCompletePage,
});

function UnsubscribeCompletePage() {
  const { success, type } = Route.useSearch();
  return <UnsubscribeCompleteView success={success === 'true'} type={type} />;
}
