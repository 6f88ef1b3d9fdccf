/** get-menu (the menu pages), through the one GraphQL operation; answer validated with contracts/ordering.ts. */
import { graphql } from 'gql.tada';
import * as v from 'valibot';
import { MenuResponse } from '../../../contracts/ordering.ts';
import type { MenuRequest } from '../../../machines/menu.machine.ts';
import { graphqlOperation } from '../graphql.ts';
import { ProductTileFields } from './fragments.ts';

export const documents = {
  'get-menu': graphql(
    `
    query GetMenu($input: GetMenuInput!) {
      menu(input: $input) {
        storeNumber national menuAvailable locale currency taxIncludedNote svcOnly
        featured { ...ProductTileFields }
        menus { id name path categories { id name path imageURL products { ...ProductTileFields } subcategories { id name path products { ...ProductTileFields } } } }
      }
    }
  `,
    [ProductTileFields],
  ),
};
export const answers = { 'get-menu': v.object({ menu: MenuResponse }) };

export const getMenu = async (input: MenuRequest, signal?: AbortSignal) => (await graphqlOperation(documents['get-menu'], { input }, answers['get-menu'], signal)).menu;
