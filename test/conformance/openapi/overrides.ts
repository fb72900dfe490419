/**
 * Where we depart from the service's definitions, each with its reason and
 * source. Two kinds: errata of a definition file that no validator can read
 * as published, and places where captured real payloads disagree with the
 * definition (the payloads win). docs/contract.md explains the choices.
 */

export interface Override {
  /** Definition file (SOURCES.md), or `*` for all of them. */
  file: string;
  /** JSON pointer into the (converted) document, `~1` for `/`; ending in `/-` appends the items of `value` to an array. */
  pointer: string;
  /** The new value; `undefined` removes the key. */
  value: unknown;
  why: string;
  source: string;
}

export const OVERRIDES: Override[] = [
  {
    file: 'violet_public_api.yaml',
    pointer: '/components/schemas/CartInitializationRequest/properties/skus/items',
    value: { $ref: '#/components/schemas/OrderSku' },
    why: 'erratum: a Swagger 2.0 reference (`#/definitions/OrderSku`) left in an OpenAPI 3 document, which no validator can resolve',
    source: 'violet_public_api.yaml @ 108d58b, components.schemas.CartInitializationRequest',
  },
  {
    file: 'violet_public_api.yaml',
    pointer: '/components/schemas/CartInitializationRequest/properties/customer',
    value: { $ref: '#/components/schemas/OrderCustomer' },
    why: 'erratum: same Swagger 2.0 reference, with a sibling `description` OpenAPI 3.0 does not allow beside `$ref`',
    source: 'violet_public_api.yaml @ 108d58b, components.schemas.CartInitializationRequest',
  },
  {
    file: 'OrderService.yaml',
    pointer: '/servers',
    value: [{ url: 'https://api.violet.io/v1' }],
    why:
      'the Swagger names the Order-Service\'s own base path (`/v1/orders`), but the public hosts serve its paths under `/v1` ' +
      '(`/v1/checkout/cart/{cart_id}/submit`, listed also in the public definition)',
    source: 'violet_public_api.yaml @ 108d58b paths; test/conformance/fixtures (official sample client calls)',
  },
  {
    file: 'violet_public_api.yaml',
    pointer: '/components/schemas/OrderShippingMethod/properties/type/enum',
    value: ['VARIABLE', 'FLAT_RATE', 'FLAT_RATE_PRICE', 'CALCULATED'],
    why: 'captured carts carry `FLAT_RATE_PRICE` (the definition lists only VARIABLE and FLAT_RATE); carrier-calculated rates are `CALCULATED`',
    source: 'test/conformance/fixtures/swift-demo.cart-74445.json (bags[].shipping_method.type); reference/service-shapes.md A.3 (shipping_method type)',
  },
  {
    file: 'violet_public_api.yaml',
    pointer: '/components/schemas/Transaction/properties/status/enum',
    value: ['processing', 'completed', 'PROCESSING', 'COMPLETED'],
    why: 'a captured cart\'s bag transaction says `COMPLETED` in upper case; the definition lists lower case only',
    source: 'test/conformance/fixtures/swift-demo.cart-74688.json (bags[].transactions[].status)',
  },
  {
    file: 'violet_public_api.yaml',
    pointer: '/paths/~1catalog~1offers~1merchants~1{merchant_id}/get/parameters/-',
    value: ['include', 'since', 'date_last_modified:min', 'date_last_modified:max', 'cursor'].map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
    why: 'the offers list takes `include` (metadata, collections, shipping, sku_metadata), the time filters and a page cursor, which the 2023 definition predates',
    source: 'docs.violet.io "Get Offers by Merchant" as summarised in reference/service-shapes.md (Offer time filters); captured page test/conformance/fixtures/swift-demo.offers-page-merchant-10003.json carries `meta` (include=metadata)',
  },
  {
    file: 'violet_public_api.yaml',
    pointer: '/paths/~1checkout~1cart~1{cart_id}~1skus~1{order_sku_id}/put/requestBody/content/application~1json/schema',
    value: { type: 'object', required: ['quantity'], properties: { quantity: { type: 'integer', minimum: 1 } } },
    why:
      'the definition reuses OrderSku (whose `sku_id` is required for adding a SKU) for the quantity change, where the path ' +
      'already names the line. NOT backed by a captured payload: the client sends `{ quantity }`; the lead decides whether ' +
      'the client should send `sku_id` too',
    source: 'none captured; violet_public_api.yaml @ 108d58b PUT /checkout/cart/{cart_id}/skus/{order_sku_id}',
  },
];

/**
 * Date-times as the service sends them: RFC 3339 (`…Z`, `…+00:00`, with or
 * without milliseconds) and the offset without colon (`2018-08-15T15:56:31+0000`)
 * that captured payloads carry but RFC 3339 (ajv-formats' `date-time`) refuses.
 * Source: reference/service-shapes.md "Datetimes"; test/conformance/fixtures.
 */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The service writes an absent value as `null` (a new cart answers `customer: null`, `bags: null`; SKUs `upc: null`),
 * where its definitions type the field without `nullable`. The answers are read with their nulls left out, so a field
 * the definition requires must still be there with a value.
 * Source: test/conformance/fixtures/*.json; reference/service-shapes.md "Fields go missing, and objects come as null".
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}

function setAt(document: any, pointer: string, value: unknown): void {
  const keys = pointer.split('/').slice(1).map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = keys.pop()!;
  let node = document;
  for (const key of keys) {
    if (node[key] === undefined) throw new Error(`override ${pointer}: no ${key} in the definition`);
    node = node[key];
  }
  if (last === '-') node.push(...(value as unknown[]));
  else if (value === undefined) delete node[last];
  else node[last] = value;
}

/** The document with every override of its file applied (a copy; the loaded document is left as read). */
export function definitionFixes(file: string, document: any): any {
  const copy = structuredClone(document);
  for (const o of OVERRIDES) if (o.file === file || o.file === '*') setAt(copy, o.pointer, o.value);
  return copy;
}
