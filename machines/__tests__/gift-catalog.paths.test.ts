import { describeFlow } from './flow.ts';
import { giftCatalogFlow } from './gift-catalog.expect.ts';

describeFlow(giftCatalogFlow);
