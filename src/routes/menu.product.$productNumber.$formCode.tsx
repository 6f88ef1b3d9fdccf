import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProductView } from '../views/ordering/ProductView.tsx';
import { useFavorites } from './-ordering/use-favorites.ts';
import { useProduct } from './-ordering/use-product.ts';
import { loadProduct } from '../services/ordering/product.ts';

/** /menu/product/{productNumber}/{formCode}: customise and add to the bag. A malformed address goes to /menu. */
export const Route = createFileRoute('/menu/product/$productNumber/$formCode')({
  beforeLoad: ({ params }) => {
    if (!/^[0-9]{1,8}$/.test(params.productNumber) || !/^[a-z][a-z0-9-]{0,19}$/.test(params.formCode)) throw redirect({ to: '/menu', replace: true });
  },
  loader: ({ context, params }) => loadProduct(context, params),
  component: function Product() {
    const params = Route.useParams();
    const actor = useProduct(params);
    // a guest who adds a favorite comes back here after signing in
    const favorites = useFavorites(`/menu/product/${params.productNumber}/${params.formCode}`);
    return <ProductView actor={actor} favorites={favorites} />;
  },
});
