/**
 * The names of every string and of the areas they load in, from the English
 * modules (the source language): a translation is checked against these.
 */
import type { catalogMessages } from './en/catalog.js';
import type { cartMessages } from './en/cart.js';
import type { checkoutMessages } from './en/checkout.js';
import type { testCardMessages } from './en/test-cards.js';
import type { operatorMessages } from './en/operator.js';
import type { orderMessages } from './en/orders.js';
import type { deskMessages } from './en/desk.js';
import type { pickerMessages } from './en/picker.js';
import type { Message } from './format.js';

export type MessageKey =
  | keyof typeof catalogMessages
  | keyof typeof pickerMessages
  | keyof typeof cartMessages
  | keyof typeof checkoutMessages
  | keyof typeof testCardMessages
  | keyof typeof operatorMessages
  | keyof typeof orderMessages
  | keyof typeof deskMessages;

/** An element's message lookup (`ToteElement.t`), as render helpers outside the element take it. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The areas strings are registered and loaded in. */
export type MessageArea = 'catalog' | 'picker' | 'cart' | 'checkout' | 'orders' | 'operator';

/** Some or all strings of a language. */
export type Catalogue = Partial<Record<MessageKey, Message>>;

/** A language's translation of one English area module: every key, nothing else. */
export type Translation<English> = { [K in keyof English]: Message };
