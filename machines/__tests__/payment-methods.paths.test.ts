import { describeFlow } from './flow.ts';
import { paymentMethodsFlow } from './payment-methods.expect.ts';

describeFlow(paymentMethodsFlow);
