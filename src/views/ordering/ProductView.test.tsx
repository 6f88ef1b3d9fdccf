import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise } from 'xstate';
import { productMachine } from '../../../machines/product.machine.ts';
import { favoritesMachine } from '../../../machines/favorites.machine.ts';
import { cartMachine } from '../../../machines/cart.machine.ts';
import { cartCount, favoriteDraft, itemKey } from '../../../machines/ordering-types.ts';
import { draftOf } from '../../../machines/product-options.ts';
import { OrderingTexts } from '../../../contracts/ordering-texts.ts';
import type { FavoriteProduct } from '../../../contracts/ordering.ts';
import { latteDetail, latteDraft, tile } from '../../../machines/__tests__/ordering-fixtures.ts';
import { NutritionView, ProductView, type ProductActor, type ProductFavoritesActor } from './ProductView.tsx';

let settle: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
let stops: Array<() => void> = [];
const added: unknown[] = [];
const favoriteCalls: unknown[] = [];
const notes: string[] = [];
let redirectedTo: string | null = null;
let addFavoriteAnswer: () => Promise<unknown> = async () => ({ favoriteProduct: savedFavorite, alreadyFavorite: false });
afterEach(() => {
  stops.forEach((s) => s());
  stops = [];
  notes.length = 0;
  favoriteCalls.length = 0;
  redirectedTo = null;
  document.body.innerHTML = '';
});

/** the fixture latte as saved: grande with its default options (2% milk 2 shots = option 401 ×2, 301 ×1) */
const savedFavorite: FavoriteProduct = {
  id: 'fav_latte0001',
  product: { productNumber: 2121, formCode: 'hot', name: 'Caffè Latte', imageURL: '', availability: 'Available', forms: [], sizes: [] },
  item: { commerce: { sku: '2121-hot-grande' }, sizeCode: 'grande', quantity: 1, childItems: [] },
  itemKey: '',
};

async function renderProduct(view: 'product' | 'nutrition' = 'product', opts: { cartItems?: number; signedIn?: boolean; favorites?: FavoriteProduct[]; extra?: Partial<Parameters<typeof ProductView>[0]> } = {}) {
  window.scrollTo = () => {};
  // a real cart actor: maximum 3 items, filled with `cartItems` lattes; what it took is recorded when it persists
  const cart = createActor(
    cartMachine.provide({ actions: { persist: ({ event }) => void (event.type === 'cart.add' && added.push(event.item.selectedOptions)) } }),
    { input: { items: [], maximumItemAmount: 3 } },
  ).start();
  if (opts.cartItems) cart.send({ type: 'cart.add', item: latteDraft('shot-first', opts.cartItems), at: 1 });
  const actor = createActor(
    productMachine.provide({
      actors: {
        loadProduct: fromPromise(() => new Promise((resolve, reject) => (settle = { resolve, reject }))) as never,
      },
    }),
    { input: { productNumber: 2121, formCode: 'hot', storeNumber: '10001', locale: 'en-US', maximumModifierAmount: 5, cart } },
  ).start() as unknown as ProductActor;
  const favorites = createActor(
    favoritesMachine.provide({
      actors: {
        loadFavorites: fromPromise(async () => ({ favoriteProducts: opts.favorites ?? [], ids: [], locale: 'en-US', storeNumber: '10001' })) as never,
        addFavorite: fromPromise(async ({ input }) => {
          favoriteCalls.push(input);
          return addFavoriteAnswer();
        }) as never,
        removeFavorite: fromPromise(async ({ input }: { input: { favoriteProductId: string } }) => {
          favoriteCalls.push(input);
          return { favoriteProductId: input.favoriteProductId };
        }) as never,
      },
      actions: {
        notify: (_, params) => void notes.push(OrderingTexts[params.message]),
        redirect: ({ context }) => void (redirectedTo = context.destination),
      },
    }),
    { input: { signedIn: opts.signedIn ?? true, storeNumber: '10001', locale: 'en-US', returnUrl: '/menu/product/2121/hot' } },
  ).start() as unknown as ProductFavoritesActor;
  stops.push(() => actor.stop(), () => favorites.stop(), () => cart.stop());
  const root = createRootRoute({ component: () => (view === 'product' ? <ProductView actor={actor} favorites={favorites} {...opts.extra} /> : <NutritionView actor={actor} />) });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/menu/product/2121/hot'] }) });
  render(<RouterProvider router={router as never} />);
  await screen.findByRole('progressbar', { name: 'Loading the product' });
  return { actor, cart, favorites };
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
    await act(async () => addButton().click());
    // issue 30: the confirmation is a sheet fixed where the customer is (not a panel at the page's end), announced,
    // with focus on its message; 'Customize another' closes it and focus goes back to Add to order
    const message = await screen.findByText('Added to your order.');
    const sheet = screen.getByRole('region', { name: 'Added to your order' });
    expect(sheet.className).toBe('added-sheet');
    expect(sheet.contains(message) && message.getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(message);
    expect(screen.getByRole('link', { name: 'Review order' }).getAttribute('href')).toBe('/menu/cart');
    await act(async () => screen.getByRole('button', { name: 'Customize another' }).click());
    expect(screen.queryByRole('region', { name: 'Added to your order' })).toBeNull();
    expect(document.activeElement).toBe(addButton());
    expect((added.at(-1) as Array<{ optionProductNumber: number; quantity: number }>).map((o) => [o.optionProductNumber, o.quantity])).toEqual([[301, 1], [401, 2]]);
    stops.forEach((x) => x());
    document.body.innerHTML = '';
    await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail({ sizes: [] })] }));
    act(() => addButton().click());
    expect(screen.getByRole('alert').textContent).toBe('Product data is invalid');
  });

  it("a full bag refuses the item: the item-maximum message, not 'Added'; the choices stay", async () => {
    const { cart } = await renderProduct('product', { cartItems: 3 });
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    act(() => screen.getByRole('button', { name: 'More: Shots' }).click());
    await act(async () => addButton().click());
    expect((await screen.findByRole('alert')).textContent).toContain("You've reached the item maximum for this order. Remove something to add more.");
    expect(screen.queryByText('Added to your order.')).toBeNull();
    expect(cartCount(cart.getSnapshot().context.items)).toBe(3);
    await act(async () => screen.getByRole('button', { name: 'Keep customizing' }).click());
    expect(addButton().textContent).toBe('Add to order · $6.35'); // the extra shot is still chosen
    expect(screen.queryByText("You've reached the item maximum for this order. Remove something to add more.")).toBeNull();
  });

  it('adds the drink as customised to favorites, then shows it favorited with Remove; already a favorite makes no call', async () => {
    await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    act(() => screen.getByRole('button', { name: 'More: Shots' }).click());
    await act(async () => screen.getByRole('button', { name: /Add to favorites/ }).click());
    expect(favoriteCalls).toEqual([{ locale: 'en-US', item: { commerce: { sku: '2121-grande' }, quantity: 1, childItems: [{ commerce: { sku: 'opt-301' }, quantity: 1 }, { commerce: { sku: 'opt-401' }, quantity: 3 }] } }]);
    expect(notes).toEqual(['Added to your favorites.']);
    stops.forEach((x) => x());
    document.body.innerHTML = '';
    favoriteCalls.length = 0;
    notes.length = 0;
    // the favorites list has this very latte: Remove, pressed, "In your favorites"
    const key = '2121/hot|grande|opt-301x1|opt-401x2';
    const fav = { ...savedFavorite, itemKey: key };
    const { favorites } = await renderProduct('product', { favorites: [fav] });
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    const remove = await screen.findByRole('button', { name: /Remove from favorites/ });
    // adding what is already a favorite makes no call, only the notification (spec 4)
    await act(async () => favorites.send({ type: 'user.addFavorite', item: { commerce: { sku: '2121-grande' }, quantity: 1, childItems: [] }, key }));
    expect([favoriteCalls, notes]).toEqual([[], ['Added to your favorites.']]);
    notes.length = 0;
    expect(remove.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('In your favorites')).toBeTruthy();
    await act(async () => remove.click());
    expect(favoriteCalls).toEqual([{ locale: 'en-US', favoriteProductId: 'fav_latte0001' }]);
    expect(notes).toEqual(['Removed from your favorites.']);
    expect(screen.getByRole('button', { name: /Add to favorites/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it("adding a favorite: the maximum (561007) gives the spec's text; a guest is sent to sign-in and back", async () => {
    addFavoriteAnswer = async () => Promise.reject({ status: 409, code: '561007' });
    await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    await act(async () => screen.getByRole('button', { name: /Add to favorites/ }).click());
    expect(notes).toEqual(["Sorry, you've reached the maximum number of favorite items"]);
    addFavoriteAnswer = async () => ({ favoriteProduct: savedFavorite, alreadyFavorite: false });
    stops.forEach((x) => x());
    document.body.innerHTML = '';
    favoriteCalls.length = 0;
    await renderProduct('product', { signedIn: false });
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    await act(async () => screen.getByRole('button', { name: /Add to favorites/ }).click());
    expect(redirectedTo).toBe('/account/signin?returnUrl=%2Fmenu%2Fproduct%2F2121%2Fhot');
    expect(favoriteCalls).toEqual([]);
  });

  it('a favorite goes to the bag with its options: the same cart item key as from the product page', () => {
    const p = latteDetail();
    const fromPage = draftOf(p, 'grande', { '401': 3, '301': 1 }, 1);
    const fav: FavoriteProduct = {
      ...savedFavorite,
      product: { ...savedFavorite.product, sizes: [{ sku: '2121-grande', sizeCode: 'grande', name: 'Grande', price: 545 }] },
      item: {
        commerce: { sku: '2121-grande' },
        sizeCode: 'grande',
        quantity: 1,
        childItems: fromPage.selectedOptions.map((o) => ({ commerce: { sku: o.sku }, optionProductNumber: o.optionProductNumber, name: o.name ?? '', sizeCode: o.sizeCode ?? null, quantity: o.quantity })),
      },
    };
    const d = favoriteDraft(fav);
    expect(itemKey({ product: d.product!, size: d.size!, selectedOptions: d.selectedOptions })).toBe(itemKey({ product: fromPage.product!, size: fromPage.size!, selectedOptions: fromPage.selectedOptions }));
    expect(d.selectedOptions.map((o) => [o.optionProductNumber, o.quantity])).toEqual([[301, 1], [401, 3]]);
  });

  it('not found is the 404; a failure shows the product error and retries', async () => {
    await renderProduct();
    await act(async () => settle!.reject({ status: 404, code: 'PRODUCT_NOT_FOUND' }));
    expect(screen.getByText('We could not find that product.')).toBeTruthy();
    stops.forEach((x) => x());
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
    expect(screen.getByRole('heading', { level: 2, name: 'Allergens by size' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Tall: Milk', 'Grande: Milk']);
    expect(screen.getByText('Allergen information is for guidance. Drinks and food are prepared in shared spaces.')).toBeTruthy();
  });

  it('an almond milk swap warns before adding: go back keeps the choice, add anyway adds it', async () => {
    await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    act(() => screen.getByRole('radio', { name: /Almond milk/ }).click());
    await act(async () => addButton().click());
    const dialog = await screen.findByRole('dialog', { name: 'This changes the allergens' });
    expect(dialog.textContent).toContain('Your changes add Tree nuts.');
    act(() => screen.getByRole('button', { name: 'Go back' }).click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByRole('radio', { name: /Almond milk/ }) as HTMLInputElement).checked).toBe(true);
    await act(async () => addButton().click());
    await act(async () => screen.getByRole('button', { name: 'Add to order anyway' }).click());
    expect(await screen.findByText('Added to your order.')).toBeTruthy();
    expect((added.at(-1) as Array<{ optionProductNumber: number }>).map((o) => o.optionProductNumber)).toEqual([303, 401]);
  });

  it('issue 29: sold out at the store (a live change): Sold out, Add disabled, Try instead with up to three links', async () => {
    const substitutes = [tile(2122, 'Flat White'), tile(2123, 'Cappuccino'), tile(2124, 'Caffè Mocha')];
    const { actor, cart } = await renderProduct('product', { extra: { stock: { '2121': 'SoldOut' }, substitutes } });
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    // issue 30: the disabled Add button says it (once on the page), and an add is refused by the machine too
    expect(screen.getAllByText('Sold out')).toEqual([addButton()]);
    expect(screen.getByRole('button', { name: 'Add to order: Sold out' })).toBe(addButton());
    expect((addButton() as HTMLButtonElement).disabled).toBe(true);
    await act(async () => actor.send({ type: 'user.addToCart', at: 1 }));
    expect(cartCount(cart.getSnapshot().context.items)).toBe(0);
    expect(screen.getByRole('heading', { name: 'Try instead' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cappuccino' }).getAttribute('href')).toBe('/menu/product/2123/hot');
    expect(screen.getAllByRole('listitem').filter((li) => li.closest('.try-instead'))).toHaveLength(3);
  });

  it("issue 30: not sold at this store: 'Not sold at this store' on the badge and the disabled button, told apart from Sold out", async () => {
    const { actor, cart } = await renderProduct();
    await act(async () => settle!.resolve({ products: [latteDetail({ availability: 'NotAvailableHere' })] }));
    expect(screen.getAllByText('Not sold at this store')).toEqual([addButton()]);
    expect(screen.getByRole('button', { name: 'Add to order: Not sold at this store' })).toBe(addButton());
    expect((addButton() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Sold out')).toBeNull();
    await act(async () => actor.send({ type: 'user.addToCart', at: 1 }));
    expect(cartCount(cart.getSnapshot().context.items)).toBe(0);
    expect(screen.queryByText('Added to your order.')).toBeNull();
  });

  it('issue 29: available again: no Sold out, Add enabled, no substitutes shown', async () => {
    await renderProduct('product', { extra: { stock: { '2121': 'Available' }, substitutes: [tile(2122, 'Flat White')] } });
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    expect(screen.queryByText('Sold out')).toBeNull();
    expect((addButton() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Try instead' })).toBeNull();
  });

  it('issue 29: lists the allergens per size on the product page, and names those in the filter', async () => {
    await renderProduct('product', { extra: { allergenFilter: ['milk'] } });
    await act(async () => settle!.resolve({ products: [latteDetail()] }));
    expect(screen.getByRole('heading', { name: 'Allergens by size' })).toBeTruthy();
    expect(screen.getByText('Allergen information is for guidance. Drinks and food are prepared in shared spaces.')).toBeTruthy();
    expect(screen.getByText('Contains Milk (in your allergen filter).')).toBeTruthy();
    expect(screen.getAllByText((_, el) => el?.tagName === 'LI' && /^Grande: Milk$/.test(el.textContent ?? ''))).toHaveLength(1);
  });
});
