import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from './-ordering/CategoryPage.tsx';
import { loadMenu } from '../services/ordering/menu.graphql.ts';

/** /menu/{menu}/{category}/{subcategory}: that subcategory's products; missing: 404. */
export const Route = createFileRoute('/menu/$menu/$category/$subcategory')({
  loader: ({ context }) => loadMenu(context),
  component: function Subcategory() {
    return <CategoryPage params={Route.useParams()} />;
  },
});
