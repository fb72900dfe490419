/**
 * German strings of the cart. Loaded when such an element renders in
 * German (`loadMessages` registers them), or up front by `tote-checkout/locales/de`.
 * Data: it imports the English module's keys as a type and `plural`, which every page already has.
 */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { cartMessages } from '../en/cart.js';


const artikel = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'Artikel', 'Artikel')}`;

export const cart = {
  retryNow: 'Erneut versuchen',
  // cart
  cartTitle: 'Ihr Warenkorb',
  cartEmpty: 'Ihr Warenkorb ist leer.',
  cartEmptyHint: 'Legen Sie etwas hinein, das Ihnen gefällt – es wartet hier auf Sie.',
  openCart: (p, l) => `Warenkorb öffnen, ${artikel(l, p.count)}`,
  itemCount: (p, l) => artikel(l, p.count),
  bagSubtotal: 'Zwischensumme',
  cartTotal: 'Gesamt',
  cartTotals: 'Summen je Währung',
  unitPrice: 'Stückpreis',
  quantityOf: (p) => `Menge von ${p.name}`,
  decreaseQuantityOf: (p) => `Menge von ${p.name} verringern`,
  increaseQuantityOf: (p) => `Menge von ${p.name} erhöhen`,
  remove: 'Entfernen',
  removeItem: (p) => `${p.name} entfernen`,
  maxStock: (p) => `Nur ${p.count} auf Lager`,
  issueUnavailable: 'Nicht mehr verfügbar. Entfernen Sie den Artikel, um zur Kasse zu gehen.',
  issueOutOfStock: 'Ausverkauft. Entfernen Sie den Artikel, um zur Kasse zu gehen.',
  issuePriceChanged: (p) => `Der Preis hat sich von ${p.before} auf ${p.after} geändert.`,
  issueQuantityReduced: (p) => `Nur noch ${p.count} verfügbar: Die Menge wurde verringert.`,
  acknowledge: 'OK',
  checkout: 'Zur Kasse',
  continueShopping: 'Weiter einkaufen',
  viewCart: 'Warenkorb ansehen',
} satisfies Translation<typeof cartMessages>;
