import { createFileRoute } from '@tanstack/react-router';
import { CategoryPage } from './-ordering/CategoryPage.tsx';

/** /menu/{menu}/{category}/{subcategory}: that subcategory's products; missing: 404. */
export const Route = createFileRoute('/menu/$menu/$category/$subcategory')({
  component: function Subcategory() {
    return <CategoryPage params={Route.useParams()} />;
  },
});
