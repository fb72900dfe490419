/**
 * The payment adapter seam, defined in `src/state/` (the checkout controller
 * drives it) and exported here where adapters are written against it.
 */
export { type PaymentAdapter, PaymentInputError } from '../../controller/payment-adapter.js';
