/** Dutch strings of the cart. Loaded when the cart renders in Dutch. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { cartMessages } from '../en/cart.js';

const artikelen = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'artikel', 'artikelen')}`;

export const cart = {
  retryNow: 'Opnieuw proberen',
  cartTitle: 'Je winkelwagen',
  cartEmpty: 'Je winkelwagen is leeg.',
  cartEmptyHint: 'Voeg iets toe wat je mooi vindt; het wacht hier op je.',
  openCart: (p, l) => `Winkelwagen openen, ${artikelen(l, p.count)}`,
  itemCount: (p, l) => artikelen(l, p.count),
  bagSubtotal: 'Subtotaal',
  cartTotal: 'Totaal',
  cartTotals: 'Totalen per valuta',
  unitPrice: 'Stukprijs',
  quantityOf: (p) => `Aantal van ${p.name}`,
  decreaseQuantityOf: (p) => `Aantal van ${p.name} verlagen`,
  increaseQuantityOf: (p) => `Aantal van ${p.name} verhogen`,
  remove: 'Verwijderen',
  removeItem: (p) => `${p.name} verwijderen`,
  maxStock: (p) => `Nog maar ${p.count} op voorraad`,
  issueUnavailable: 'Niet meer beschikbaar. Verwijder het om af te rekenen.',
  issueOutOfStock: 'Uitverkocht. Verwijder het om af te rekenen.',
  issuePriceChanged: (p) => `De prijs is gewijzigd van ${p.before} naar ${p.after}.`,
  issueQuantityReduced: (p) => `Nog maar ${p.count} over: het aantal is verlaagd.`,
  acknowledge: 'OK',
  checkout: 'Afrekenen',
  viewCart: 'Winkelwagen bekijken',
  continueShopping: 'Verder winkelen',
} satisfies Translation<typeof cartMessages>;
