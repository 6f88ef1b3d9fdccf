import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProductPage } from './-ordering/ProductPage.tsx';
import { loadProduct } from '../services/ordering/product.ts';

/** /menu/product/{productNumber}/{formCode}: customise and add to the bag. A malformed address goes to /menu. */
export const Route = createFileRoute('/menu/product/$productNumber/$formCode')({
  beforeLoad: ({ params }) => {
    if (!/^[0-9]{1,8}$/.test(params.productNumber) || !/^[a-z][a-z0-9-]{0,19}$/.test(params.formCode)) throw redirect({ to: '/menu', replace: true });
  },
  loader: ({ context, params }) => loadProduct(context, params),
  component: function Product() {
    return <ProductPage params={Route.useParams()} />;
  },
});
