import type { PaymentProcessor } from './processor.ts';
import { createSandboxProcessor } from './sandbox.ts';

/**
 * The processor the app uses. Only the sandbox exists; a real one would be chosen here from configuration
 * (and production would refuse to start with the sandbox). Tests may swap it with `setProcessor`.
 */
let current: PaymentProcessor = createSandboxProcessor();
export const processor = (): PaymentProcessor => current;
export function setProcessor(p: PaymentProcessor) {
  current = p;
}
