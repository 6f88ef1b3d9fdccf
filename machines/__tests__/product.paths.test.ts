import { describe, expect, it } from 'vitest';
import { describeFlow } from './flow.ts';
import { productFlow } from './product.expect.ts';
import { draftOf } from '../product-options.ts';
import { latteDetail } from './ordering-fixtures.ts';

describeFlow(productFlow);

describe('product draft', () => {
  it('is the cart item of the choices, with the price of one', () => {
    expect(draftOf(latteDetail(), 'grande', { '301': 1, '401': 3 }, 2)).toEqual({
      product: { productNumber: 2121, formCode: 'hot', name: 'Caffè Latte' },
      size: { sku: '2121-grande', sizeCode: 'grande', name: 'Grande' },
      selectedOptions: [
        { optionProductNumber: 301, sku: 'opt-301', quantity: 1, name: '2% milk' },
        { optionProductNumber: 401, sku: 'opt-401', quantity: 3, name: 'Shots' },
      ],
      quantity: 2,
      productImage: '/apiproxy/v1/images/menu/p2121.svg',
      unitPrice: 635,
    });
  });
});
