import { notFound } from '../http.js';
import { productSvg } from '../media.js';
import type { Route, RouteResult } from '../router.js';

const svg = (body: string): RouteResult => ({
  text: body,
  contentType: 'image/svg+xml',
  headers: {
    'cache-control': 'public, max-age=86400',
    // An SVG opened directly must not run anything.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  },
});

const stem = (file: string | undefined) => {
  const m = /^([\w-]{1,64})\.svg$/.exec(file ?? '');
  return m?.[1];
};

/** Images and tracking pages served by the sandbox itself; no auth, as for any public media host. */
export function mediaRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/media/offers/:offer_id/:file',
      auth: 'none',
      handler({ ctx, params }) {
        const key = stem(params.file);
        const offer = /^\d{1,15}$/.test(params.offer_id ?? '') ? ctx.store.offers.get(Number(params.offer_id)) : undefined;
        if (!key || !offer) throw notFound('Image', `${params.offer_id}/${params.file}`);
        return svg(productSvg(offer.offer.name, key));
      },
    },
    {
      method: 'GET',
      path: '/media/collections/:file',
      auth: 'none',
      handler({ params }) {
        const key = stem(params.file);
        if (!key) throw notFound('Image', String(params.file));
        return svg(productSvg(`Collection ${key}`, 'main'));
      },
    },
    {
      method: 'GET',
      path: '/tracking/:number',
      auth: 'none',
      handler({ params }) {
        const number = /^[A-Z0-9]{1,40}$/.test(params.number ?? '') ? params.number! : undefined;
        if (!number) throw notFound('Tracking number', String(params.number));
        return {
          text: `<!doctype html><title>Tracking ${number}</title><h1>Parcel ${number}</h1><p>Sandbox carrier: in transit.</p>`,
          contentType: 'text/html; charset=utf-8',
          headers: { 'content-security-policy': "default-src 'none'" },
        };
      },
    },
  ];
}
