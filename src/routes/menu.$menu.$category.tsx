import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from './-ordering/CategoryPage.tsx';
import { loadMenu } from '../services/ordering/menu.graphql.ts';

/** /menu/{menu}/{category}: one section when the category has products, else one per subcategory; missing: 404. */
export const Route = createFileRoute('/menu/$menu/$category')({
  loader: ({ context }) => loadMenu(context),
  component: function Category() {
    return <CategoryPage params={Route.useParams()} />;
  },
});
