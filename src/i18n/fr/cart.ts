/** French strings of the cart. Loaded when the cart renders in French. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { cartMessages } from '../en/cart.js';

const articles = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'article', 'articles')}`;

export const cart = {
  retryNow: 'Réessayer',
  cartTitle: 'Votre panier',
  cartEmpty: 'Votre panier est vide.',
  cartEmptyHint: 'Ajoutez ce qui vous plaît : cela vous attendra ici.',
  openCart: (p, l) => `Ouvrir le panier, ${articles(l, p.count)}`,
  itemCount: (p, l) => articles(l, p.count),
  bagSubtotal: 'Sous-total',
  cartTotal: 'Total',
  cartTotals: 'Totaux par devise',
  unitPrice: 'Prix unitaire',
  quantityOf: (p) => `Quantité de ${p.name}`,
  decreaseQuantityOf: (p) => `Diminuer la quantité de ${p.name}`,
  increaseQuantityOf: (p) => `Augmenter la quantité de ${p.name}`,
  remove: 'Retirer',
  removeItem: (p) => `Retirer ${p.name}`,
  maxStock: (p) => `Plus que ${p.count} en stock`,
  issueUnavailable: 'N’est plus disponible. Retirez-le pour passer commande.',
  issueOutOfStock: 'En rupture de stock. Retirez-le pour passer commande.',
  issuePriceChanged: (p) => `Le prix est passé de ${p.before} à ${p.after}.`,
  issueQuantityReduced: (p) => `Plus que ${p.count} : la quantité a été réduite.`,
  acknowledge: 'OK',
  checkout: 'Commander',
  viewCart: 'Voir le panier',
  continueShopping: 'Continuer mes achats',
} satisfies Translation<typeof cartMessages>;
