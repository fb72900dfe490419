/** French strings of the catalogue elements (provider, offer grid and card). Loaded when such an element renders in French. */
import { plural } from '../format.js';
import type { Translation } from '../keys.js';
import type { catalogMessages } from '../en/catalog.js';

const articles = (l: string, n: unknown) => `${n} ${plural(l, Number(n), 'article', 'articles')}`;

export const catalog = {
  about: 'Environ',
  convertedFrom: (p) => `converti depuis ${p.price} ; le paiement indique le montant exact`,
  currencyLabel: 'Devise',
  addToCart: 'Ajouter au panier',
  chooseOptions: 'Choisir les options',
  chooseOptionsFor: (p) => `Choisir les options de ${p.name}`,
  close: 'Fermer',
  outOfStock: 'En rupture de stock',
  unavailable: 'Indisponible',
  inStock: 'En stock',
  priceRange: (p) => `${p.min} – ${p.max}`,
  regularPrice: 'Prix normal',
  sale: 'Promo',
  thisShop: 'Cette boutique',
  noImage: 'Pas d’image',
  tags: 'Étiquettes',
  loading: 'Chargement des produits…',
  loadingMore: 'Chargement d’autres produits…',
  empty: 'Aucun produit à afficher pour le moment.',
  emptyHint: 'Revenez bientôt : les marchands ajoutent sans cesse de nouveaux produits.',
  loadError: 'Les produits n’ont pas pu être chargés.',
  offerLoadError: 'Ce produit n’a pas pu être chargé.',
  offerNotFound: 'Ce produit n’est plus disponible.',
  retry: 'Réessayer',
  rateLimited: (p) => `${p.merchant} est occupé, nouvel essai dans ${p.seconds} s`,
  retryingNow: (p) => `${p.merchant} est occupé, nouvel essai…`,
  loadMore: 'Voir plus',
  endOfList: 'Vous avez vu tous les produits.',
  products: 'Produits',
  quantity: 'Quantité',
  addedToCart: (p) => `${p.name} a été ajouté au panier`,
  cartLabel: (p, l) => `Panier, ${articles(l, p.count)}`,
} satisfies Translation<typeof catalogMessages>;
