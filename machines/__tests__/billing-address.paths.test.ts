import { describeFlow } from './flow.ts';
import { billingAddressFlow } from './billing-address.expect.ts';

describeFlow(billingAddressFlow);
