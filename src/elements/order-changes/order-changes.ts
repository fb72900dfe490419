/**
 * `tote-checkout/elements/order-changes`: registers `<tote-order-changes>`, the part of the order page
 * after placing (items, refunds, cancelling). `<tote-order-status>` loads it on demand; the class alone is
 * `order-changes.component.ts`.
 */
import { defineElement } from '../internal/define.js';
import { ToteOrderChanges } from './order-changes.component.js';

export * from './order-changes.component.js';

defineElement('tote-order-changes', ToteOrderChanges);
