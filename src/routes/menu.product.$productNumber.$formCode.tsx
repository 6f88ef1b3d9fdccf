import { createFileRoute } from '@tanstack/react-router';

/** /menu/product/{productNumber}/{formCode}: the product page (customise and add to the bag). */
export const Route = createFileRoute('/menu/product/$productNumber/$formCode')({
  component: function Product() {
    return <section className="page"><h1>Product</h1></section>;
  },
});
