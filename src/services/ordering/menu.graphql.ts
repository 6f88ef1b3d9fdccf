/**
 * get-menu (the menu pages) through the one GraphQL operation, its answer validated with contracts/ordering.ts;
 * the menu's query (cached, so moving between menu pages does not fetch the menu again) and the menu machine's actor.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { graphql } from '../../graphql/graphql.ts';
import * as v from 'valibot';
import { MenuResponse, type MenuResponse as Menu } from '../../../contracts/ordering-menu.ts';
import { menuRequest, type MenuRequest } from '../../../machines/menu.machine.ts';
import { defaultLocale } from '../format.ts';
import { chosenStore, quietly, type LoaderContext } from './loader-context.ts';
import { graphqlOperation } from '../graphql.ts';

const ProductTileFields = graphql(`fragment ProductTileFields on ProductTile { productNumber formCode name imageURL imageAlt availability priceFrom productType featured calories allergens }`);

export const documents = {
  'get-menu': graphql(`query GetMenu($input: GetMenuInput!) { menu(input: $input) { storeNumber national menuAvailable locale currency taxIncludedNote svcOnly featured { ...ProductTileFields } menus { id name path categories { id name path imageURL products { ...ProductTileFields } subcategories { id name path products { ...ProductTileFields } } } } } }`, [ProductTileFields]),
};
export const answers = { 'get-menu': v.object({ menu: MenuResponse }) };

export const getMenu = async (input: MenuRequest, signal?: AbortSignal) => (await graphqlOperation(documents['get-menu'], { input }, answers['get-menu'], signal)).menu;

export const menuQuery = (input: MenuRequest) =>
  queryOptions({
    queryKey: ['ordering', 'menu', input.storeNumber ?? null, input.locale],
    queryFn: ({ signal }) => getMenu(input, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function menuActors(queryClient: QueryClient) {
  return {
    loadMenu: fromPromise<Menu, MenuRequest>(({ input }) => queryClient.fetchQuery(menuQuery(input))),
  };
}

/** the menu pages' loader (/menu, categories): the chosen store's menu, as the menu machine will ask for it */
export function loadMenu(ctx: LoaderContext) {
  return quietly(ctx.queryClient.ensureQueryData(menuQuery(menuRequest({ context: { storeNumber: chosenStore(ctx), locale: defaultLocale() } }))));
}
