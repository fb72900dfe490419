/** Spanish strings of the catalogue elements (provider, offer grid and card). Loaded when such an element renders in Spanish. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { catalogMessages } from '../en/catalog.js';

const articulos = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'artículo', 'artículos')}`;

export const catalog = {
  about: 'Aprox.',
  convertedFrom: (p) => `convertido desde ${p.price}; el pago muestra el importe exacto`,
  currencyLabel: 'Moneda',
  addToCart: 'Añadir al carrito',
  chooseOptions: 'Elegir opciones',
  chooseOptionsFor: (p) => `Elegir opciones de ${p.name}`,
  close: 'Cerrar',
  outOfStock: 'Agotado',
  unavailable: 'No disponible',
  inStock: 'En stock',
  priceRange: (p) => `${p.min} – ${p.max}`,
  regularPrice: 'Precio habitual',
  sale: 'Oferta',
  thisShop: 'Esta tienda',
  noImage: 'Sin imagen',
  tags: 'Etiquetas',
  loading: 'Cargando productos…',
  loadingMore: 'Cargando más productos…',
  empty: 'Todavía no hay productos que mostrar.',
  emptyHint: 'Vuelve pronto: los comercios añaden productos nuevos constantemente.',
  loadError: 'No se pudieron cargar los productos.',
  offerLoadError: 'No se pudo cargar este producto.',
  offerNotFound: 'Este producto ya no está disponible.',
  retry: 'Reintentar',
  rateLimited: (p) => `${p.merchant} está ocupado, se reintentará en ${p.seconds} s`,
  retryingNow: (p) => `${p.merchant} está ocupado, reintentando…`,
  loadMore: 'Cargar más',
  endOfList: 'Has visto todos los productos.',
  products: 'Productos',
  quantity: 'Cantidad',
  addedToCart: (p) => `${p.name} se ha añadido al carrito`,
  cartLabel: (p, l) => `Carrito, ${articulos(l, p.count)}`,
} satisfies Translation<typeof catalogMessages>;
