import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { productMachine } from '../../../machines/product.machine.ts';
import { latteDetail } from '../../../machines/__tests__/ordering-fixtures.ts';
import { NutritionView, ProductView, type ProductActor } from './ProductView.tsx';

let settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
let stop: (() => void) | null = null;
const added: unknown[] = [];
afterEach(() => stop?.());

async function renderProduct(view: 'product' | 'nutrition' = 'product') {
  window.scrollTo = () => {};
  const actor = createActor(
    productMachine.provide({
      actors: { loadProduct: fromPromise(() => new Promise((resolve, reject) => (settle = { resolve, reject }))) as never },
      actions: { addToCart: ({ context }) => void added.push(context.options) },
    }),
    { input: { productNumber: 2121, formCode: 'hot', storeNumber: '10001', locale: 'en-US', maximumModifierAmount: 5 } },
  ).start() as unknown as ProductActor;
  stop = () => actor.stop();
  const root = createRootRoute({ component: () => (view === 'product' ? <ProductView actor={actor} /> : <NutritionView actor={actor} />) });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu/product/2121/hot'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('progressbar', { name: 'Loading the product' });
  return actor;
}
const addButton = () => screen.getByRole('button', { name: /^Add to order/ });

describe('/menu/product/{productNumber}/{formCode}', () => {
  it('shows the default size and options, and the price as the choices change', async () => {
    await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Caffè Latte' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Grande/ }) as HTMLInputElement).checked).toBe(true);
    expect(addButton().textContent).toBe('Add to order · $5.45');
    act(() => screen.getByRole('button', { name: 'More: Shots' }).click());
    expect(addButton().textContent).toBe('Add to order · $6.35');
    act(() => screen.getByRole('radio', { name: /Oat milk/ }).click());
    expect(addButton().textContent).toBe('Add to order · $7.05');
    act(() => screen.getByRole('radio', { name: /Tall/ }).click());
    expect(addButton().textContent).toBe('Add to order · $4.75');
    act(() => screen.getByRole('button', { name: 'One more' }).click());
    expect(addButton().textContent).toBe('Add to order · $9.50');
  });

  it('refuses options beyond maximumModifierAmount with the limit text', async () => {
    await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    // 2% milk 1 + shots 2 = 3; two vanilla pumps reach 5, a third is refused
    act(() => screen.getByRole('button', { name: 'More: Vanilla syrup' }).click());
    act(() => screen.getByRole('button', { name: 'More: Vanilla syrup' }).click());
    act(() => screen.getByRole('button', { name: 'More: Vanilla syrup' }).click());
    expect(screen.getByRole('alert').textContent).toBe('You can add up to 5 customizations to one item.');
  });

  it('adds to the bag and confirms; a product without a size is refused with Product data is invalid', async () => {
    await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    act(() => addButton().click());
    expect(screen.getByText('Added to your order.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review order' }).getAttribute('href')).toBe('/menu/cart');
    expect(added.at(-1)).toEqual({ '301': 1, '401': 2 });
    stop?.();
    document.body.innerHTML = '';
    await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail({ sizes: [] })] }));
    act(() => addButton().click());
    expect(screen.getByRole('alert').textContent).toBe('Product data is invalid');
  });

  it('not found is the 404; a failure shows the product error and retries', async () => {
    await renderProduct();
    await act(async () => settle!.reject({ status: 404, code: 'PRODUCT_NOT_FOUND' }));
    expect(screen.getByText('We could not find that product.')).toBeTruthy();
    stop?.();
    document.body.innerHTML = '';
    await renderProduct();
    await act(async () => settle!.reject({ status: 500, code: 'UNEXPECTED_ERROR' }));
    expect(screen.getByText("We couldn't load this item. Please try again.")).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(screen.getByRole('progressbar', { name: 'Loading the product' })).toBeTruthy();
  });

  it('the nutrition page lists nutrition per size and the allergens', async () => {
    await renderProduct('nutrition');
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    expect(screen.getByRole('heading', { level: 1, name: 'Caffè Latte: nutrition' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Calories/ }).textContent).toBe('Calories150190');
    expect(screen.getByText('Milk')).toBeTruthy();
  });
});
