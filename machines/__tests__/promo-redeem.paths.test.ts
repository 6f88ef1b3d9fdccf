import { describeFlow } from './flow.ts';
import { promoRedeemFlow } from './promo-redeem.expect.ts';

describeFlow(promoRedeemFlow);
