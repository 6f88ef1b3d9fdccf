/** Selections several ordering documents share (each the fields of its contract schema in contracts/ordering.ts). */
import { graphql } from 'gql.tada';

export const ProductTileFields = graphql(`
  fragment ProductTileFields on ProductTile { productNumber formCode name imageURL imageAlt availability priceFrom productType featured calories }
`);
export const OfferFields = graphql(`
  fragment OfferFields on Offer { code stars type couponId hasBeenApplied description }
`);
export const PricedItemFields = graphql(`
  fragment PricedItemFields on PricedItem {
    sku productNumber formCode sizeCode name sizeName quantity unitPrice totalPrice discount availability imageURL
    childItems { sku optionProductNumber name sizeCode quantity price }
  }
`);
export const AnsweredChildItemFields = graphql(`
  fragment AnsweredChildItemFields on AnsweredChildItem { commerce { sku } optionProductNumber name sizeCode quantity }
`);
export const FavoriteFields = graphql(
  `
  fragment FavoriteFields on Favorite {
    id itemKey
    product { productNumber formCode name imageURL availability forms { formCode name } sizes { sku sizeCode name price } }
    item { commerce { sku } sizeCode quantity childItems { ...AnsweredChildItemFields } }
  }
`,
  [AnsweredChildItemFields],
);
