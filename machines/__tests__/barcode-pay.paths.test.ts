import { describeFlow } from './flow.ts';
import { barcodePayFlow } from './barcode-pay.expect.ts';

describeFlow(barcodePayFlow);
