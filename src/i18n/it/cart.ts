/** Italian strings of the cart. Loaded when the cart renders in Italian. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { cartMessages } from '../en/cart.js';

const articoli = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'articolo', 'articoli')}`;

export const cart = {
  retryNow: 'Riprova',
  cartTitle: 'Il tuo carrello',
  cartEmpty: 'Il tuo carrello è vuoto.',
  cartEmptyHint: 'Aggiungi qualcosa che ti piace: ti aspetterà qui.',
  openCart: (p, l) => `Apri il carrello, ${articoli(l, p.count)}`,
  itemCount: (p, l) => articoli(l, p.count),
  bagSubtotal: 'Subtotale',
  cartTotal: 'Totale',
  cartTotals: 'Totali per valuta',
  unitPrice: 'Prezzo unitario',
  quantityOf: (p) => `Quantità di ${p.name}`,
  decreaseQuantityOf: (p) => `Diminuisci la quantità di ${p.name}`,
  increaseQuantityOf: (p) => `Aumenta la quantità di ${p.name}`,
  remove: 'Rimuovi',
  removeItem: (p) => `Rimuovi ${p.name}`,
  maxStock: (p) => `Solo ${p.count} disponibili`,
  issueUnavailable: 'Non più disponibile. Rimuovilo per completare l’acquisto.',
  issueOutOfStock: 'Esaurito. Rimuovilo per completare l’acquisto.',
  issuePriceChanged: (p) => `Il prezzo è cambiato da ${p.before} a ${p.after}.`,
  issueQuantityReduced: (p) => `Solo ${p.count} rimasti: la quantità è stata ridotta.`,
  acknowledge: 'OK',
  checkout: 'Vai alla cassa',
  viewCart: 'Vedi carrello',
  continueShopping: 'Continua gli acquisti',
} satisfies Translation<typeof cartMessages>;
