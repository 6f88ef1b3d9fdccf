import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { PartialSuccessMessageId } from '../../contracts/account.ts';
import { PartialSuccessView } from '../views/account/PartialSuccessView.tsx';

/** /account/create/partial-success/:message (card-information-error | card-state-error). */
export const Route = createFileRoute('/account/create_/partial-success/$message')({
  beforeLoad: ({ params }) => {
    if (!v.is(PartialSuccessMessageId, params.message)) throw notFound();
  },
  component: PartialSuccessPage,
});

function PartialSuccessPage() {
  const { message } = Route.useParams();
  return <PartialSuccessView message={v.is(PartialSuccessMessageId, message) ? message : 'card-state-error'} />;
}
