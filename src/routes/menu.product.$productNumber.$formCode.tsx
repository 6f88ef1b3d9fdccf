import { useDeferredValue } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProductPage } from './-ordering/ProductPage.tsx';
import { loadProduct } from '../services/ordering/product.ts';
import { PageLoading } from '../views/shell/Loading.tsx';

/** /menu/product/{productNumber}/{formCode}: customise and add to the bag. A malformed address goes to /menu. */
export const Route = createFileRoute('/menu/product/$productNumber/$formCode')({
  beforeLoad: ({ params }) => {
    if (!/^[0-9]{1,8}$/.test(params.productNumber) || !/^[a-z][a-z0-9-]{0,19}$/.test(params.formCode)) throw redirect({ to: '/menu', replace: true });
  },
  loader: ({ context, params }) => loadProduct(context, params),
  component: function Product() {
    const params = Route.useParams();
    // The page mounts in a deferred render (issue 32): the router commits the route in a synchronous render (its
    // state is an external store), and the page's first render with its machines, queries and effects was one
    // task of 170-240 ms at Lighthouse's 4x slowdown; deferred, React renders it in slices and runs its effects
    // in a task of their own (docs/architecture.md#performance).
    const mounted = useDeferredValue(true, false);
    return mounted ? <ProductPage params={params} /> : <PageLoading />;
  },
});
