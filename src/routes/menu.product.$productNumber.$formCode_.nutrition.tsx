import { createFileRoute, redirect } from '@tanstack/react-router';
import { NutritionView } from '../views/ordering/ProductView.tsx';
import { useProduct } from './-ordering/use-product.ts';
import { loadProduct } from '../services/ordering/product.ts';

/** /menu/product/{productNumber}/{formCode}/nutrition: nutrition and allergens per size. */
export const Route = createFileRoute('/menu/product/$productNumber/$formCode_/nutrition')({
  beforeLoad: ({ params }) => {
    if (!/^[0-9]{1,8}$/.test(params.productNumber) || !/^[a-z][a-z0-9-]{0,19}$/.test(params.formCode)) throw redirect({ to: '/menu', replace: true });
  },
  loader: ({ context, params }) => loadProduct(context, params),
  component: function Nutrition() {
    const actor = useProduct(Route.useParams());
    return <NutritionView actor={actor} />;
  },
});
