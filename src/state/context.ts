/**
 * Context keys of `<tote-provider>`. String keys, not symbols: two copies of
 * the library on one page still find each other's provider.
 */
import { createContext } from '@lit/context';
import type { ToteApi } from './api-client.js';
import type { CartStore } from './cart-store.js';
import type { DisplayCurrency } from './display-money.js';

/** The BFF client of the nearest provider. */
export const apiContext = createContext<ToteApi>('tote-api');
/** The cart of the nearest provider. */
export const cartContext = createContext<CartStore>('tote-cart');
/** BCP 47 locale for text, money and dates (`en`, `de-DE`, `ar`). */
export const localeContext = createContext<string>('tote-locale');
/**
 * The provider itself as an event target: host-control events
 * (`tote-cart-open`, `tote-checkout-start`) are dispatched on it, so a cart or
 * checkout anywhere below can listen without walking the DOM.
 */
export const hostContext = createContext<EventTarget>('tote-host');
/** Preferred ISO 4217 currency of the provider (`currency` attribute), when given. */
export const currencyContext = createContext<string | undefined>('tote-currency');
/** The currency prices are shown in, with the rates to convert them (`currency` attribute and `GET /api/currencies`). */
export const displayCurrencyContext = createContext<DisplayCurrency | undefined>('tote-display-currency');
