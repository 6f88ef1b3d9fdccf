import { DigitalGiftCardVariables, DigitalGiftsVariables, GiftCodes, GiftMessages } from '../../contracts/gift.ts';
import type { GqlModule } from '../graphql/schema.ts';
import { checkInput, resolver } from '../graphql/errors.ts';
import { ApiError } from '../http/errors.ts';
import { giftCatalog, giftProduct } from './catalog.ts';

/**
 * GraphQL GET_DIGITAL_GIFTS and GET_DIGITAL_GIFT_CARD (spec 3 section 7; docs/gifting.md section 4): guests and
 * members alike. Arguments are checked with the contract (contracts/gift.ts) before the resolver: a product number
 * that is not 8 digits is 400 BAD_REQUEST field `productNumber`, an unknown one 404 GIFT_NOT_FOUND.
 */
const typeDefs = /* GraphQL */ `
  """One eGift design. available: false = retired (it loads, but cannot be bought)."""
  type GiftProduct {
    productNumber: String!
    altText: String!
    """the card art: a local SVG, /gift/art/<art>.svg"""
    largeImageUrl: String!
    categoryUrn: String!
    available: Boolean!
  }
  """A design as the catalog lists it."""
  type GiftCatalogProduct {
    productNumber: String!
    altText: String!
    largeImageUrl: String!
  }
  type GiftCategory {
    urn: String!
    name: String!
    eGifts: [GiftCatalogProduct!]!
  }
  type DigitalGifts {
    categories: [GiftCategory!]!
  }
  extend type Query {
    """The eGift catalog: categories in order, each with its available designs."""
    gift(locale: String!): DigitalGifts!
    """One design by its 8-digit product number."""
    giftCard(productNumber: String!, locale: String!): GiftProduct!
  }
`;

export const giftNotFound = () => new ApiError(404, GiftCodes.notFound, GiftMessages.giftFetchError);

export const giftingGraphql: GqlModule = {
  typeDefs,
  resolvers: {
    Query: {
      gift: resolver(async (args: unknown, ctx) => {
        checkInput(DigitalGiftsVariables, args);
        return { categories: (await giftCatalog(ctx.deps.db)).categories };
      }),
      giftCard: resolver(async (args: unknown, ctx) => {
        const input = checkInput(DigitalGiftCardVariables, args);
        const product = await giftProduct(ctx.deps.db, input.productNumber);
        if (!product) throw giftNotFound();
        return product;
      }),
    },
  },
};
