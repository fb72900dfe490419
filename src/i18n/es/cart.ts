/** Spanish strings of the cart. Loaded when the cart renders in Spanish. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { cartMessages } from '../en/cart.js';

const articulos = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'artículo', 'artículos')}`;

export const cart = {
  retryNow: 'Reintentar',
  cartTitle: 'Tu carrito',
  cartEmpty: 'Tu carrito está vacío.',
  cartEmptyHint: 'Añade algo que te guste y te esperará aquí.',
  openCart: (p, l) => `Abrir el carrito, ${articulos(l, p.count)}`,
  itemCount: (p, l) => articulos(l, p.count),
  bagSubtotal: 'Subtotal',
  cartTotal: 'Total',
  cartTotals: 'Totales por moneda',
  unitPrice: 'Precio unitario',
  quantityOf: (p) => `Cantidad de ${p.name}`,
  decreaseQuantityOf: (p) => `Reducir la cantidad de ${p.name}`,
  increaseQuantityOf: (p) => `Aumentar la cantidad de ${p.name}`,
  remove: 'Eliminar',
  removeItem: (p) => `Eliminar ${p.name}`,
  maxStock: (p) => `Solo quedan ${p.count} en stock`,
  issueUnavailable: 'Ya no está disponible. Elimínalo para finalizar la compra.',
  issueOutOfStock: 'Agotado. Elimínalo para finalizar la compra.',
  issuePriceChanged: (p) => `El precio ha cambiado de ${p.before} a ${p.after}.`,
  issueQuantityReduced: (p) => `Solo quedan ${p.count}: se ha reducido la cantidad.`,
  acknowledge: 'Aceptar',
  checkout: 'Finalizar compra',
  viewCart: 'Ver carrito',
  continueShopping: 'Seguir comprando',
} satisfies Translation<typeof cartMessages>;
