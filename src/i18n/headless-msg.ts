/**
 * `msg()` for code outside Tote's elements (`tote-checkout/headless`): every
 * area's English is registered here, since no element registers it. A
 * function of its own (not a re-export), so a bundler that keeps `msg` keeps
 * these imports, and one that drops it drops the strings too.
 */
import './en/catalog.js';
import './en/cart.js';
import './en/checkout.js';
import './en/operator.js';
import './en/orders.js';
import './en/desk.js';
import { msg as lookUp, type MessageKey, type Params } from './localize.js';

/** The string `key` in `locale` (falls back to the language, then English). */
export function msg(locale: string | undefined, key: MessageKey, params?: Params): string {
  return lookUp(locale, key, params);
}
