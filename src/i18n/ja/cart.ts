/** Japanese strings of the cart. */
import type { Translation } from '../keys.js';
import type { cartMessages } from '../en/cart.js';

export const cart = {
  retryNow: '再試行',
  cartTitle: 'カート',
  cartEmpty: 'カートは空です。',
  cartEmptyHint: '気に入った商品を追加すると、ここに表示されます。',
  openCart: (p) => `カートを開く、${p.count}点`,
  itemCount: (p) => `${p.count}点`,
  bagSubtotal: '小計',
  cartTotal: '合計',
  cartTotals: '通貨ごとの合計',
  unitPrice: '単価',
  quantityOf: (p) => `${p.name}の数量`,
  decreaseQuantityOf: (p) => `${p.name}の数量を減らす`,
  increaseQuantityOf: (p) => `${p.name}の数量を増やす`,
  remove: '削除',
  removeItem: (p) => `${p.name}を削除`,
  maxStock: (p) => `在庫は残り${p.count}点です`,
  issueUnavailable: 'お取り扱いを終了しました。購入手続きに進むには削除してください。',
  issueOutOfStock: '在庫切れです。購入手続きに進むには削除してください。',
  issuePriceChanged: (p) => `価格が${p.before}から${p.after}に変わりました。`,
  issueQuantityReduced: (p) => `残り${p.count}点のため、数量を減らしました。`,
  acknowledge: 'OK',
  checkout: 'ご購入手続きへ',
  viewCart: 'カートを見る',
  continueShopping: '買い物を続ける',
} satisfies Translation<typeof cartMessages>;
