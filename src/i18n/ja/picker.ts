/** Japanese strings only the variant picker shows. */
import type { Translation } from '../keys.js';
import type { pickerMessages } from '../en/picker.js';

export const picker = {
  stockLeft: (p) => `在庫${p.count}点`,
  onlyLeft: (p) => `残り${p.count}点`,
  salePrice: 'セール価格',
  decreaseQuantity: '数量を減らす',
  increaseQuantity: '数量を増やす',
  notWithChoice: (p) => `${p.choice}では選択できません`,
  valueOutOfStock: '在庫切れ',
  noSkuForChoice: 'この組み合わせはご購入いただけません。別のオプションをお選びください。',
} satisfies Translation<typeof pickerMessages>;
