import { QuoteResponseSchema, type QuoteResponse } from '../src/contract/checkout-api.js';

/** A ready direct-mode quote of two bags (a shipped tee at 1001, a bowl at 1002), parsed as the widget parses one. */
export const twoBagQuote = (over: Partial<QuoteResponse> = {}): QuoteResponse =>
  QuoteResponseSchema.parse({
    quote_token: 't', expires_at: '2026-11-22T22:00:00Z', currency: 'USD', mode: 'direct', ready: true,
    bags: [
      { merchant_id: 1001, merchant_name: 'A', lines: [{ sku_id: 11, name: 'Tee', quantity: 2, unit_price: 2000, total: 4000, available: true }], shipping_methods: [{ shipping_method_id: 's', label: 'Std', price: 500 }], shipping_method_id: 's', sub_total: 4000, shipping_total: 500, tax_total: 350, total: 4850, problems: [] },
      { merchant_id: 1002, merchant_name: 'B', lines: [{ sku_id: 21, name: 'Bowl', quantity: 1, unit_price: 3200, total: 3200, available: true }], shipping_methods: [], sub_total: 3200, shipping_total: 0, tax_total: 0, total: 3200, problems: [] },
    ],
    totals: { sub_total: 7200, shipping_total: 500, tax_total: 350, total: 8050 },
    ...over,
  });
