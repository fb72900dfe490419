// The elements, loaded inside a page whose CSP enforces Trusted Types.
import './watch.js';
import '../../../src/define.js';
import { CartStore } from '../../../src/state/cart-store.js';
import { lineForSku } from '../../../src/state/offer.js';

Object.assign(window, { toteReady: true, CartStore, lineForSku });
