import { createFileRoute, notFound } from '@tanstack/react-router';
import { isPartialSuccessMessageId } from '../../contracts/account-constants.ts';
import { PartialSuccessView } from '../views/account/OutcomeViews.tsx';

/** /account/create/partial-success/:message (card-information-error | card-state-error). */
export const Route = createFileRoute('/account/create_/partial-success/$message')({
  beforeLoad: ({ params }) => {
    if (!isPartialSuccessMessageId(params.message)) throw notFound();
  },
  component: PartialSuccessPage,
});

function PartialSuccessPage() {
  const { message } = Route.useParams();
  return <PartialSuccessView message={isPartialSuccessMessageId(message) ? message : 'card-state-error'} />;
}
