import { chromium } from 'playwright-core';
const [base, mode, shot, width, merchants = '1001,1003,1004'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--headless=new'] });
const page = await browser.newPage({ viewport: { width: Number(width || 1280), height: 900 } });
page.on('console', (m) => { if (m.type() === 'error' || m.type()==='warning') console.log('console', m.text()); });
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('response', (r) => { if (r.url().includes('/api/checkout')) console.log(r.status(), r.url()); });
await page.goto(base);
const lines = [];
for (const m of merchants.split(',').map(Number)) {
  const res = await (await fetch(`${base}api/offers?merchant_id=${m}&size=12`)).json();
  const o = res.offers.find((o) => o.skus.some((s) => s.in_stock !== false && (!s.inventory_tracked || s.qty_available > 8)));
  const s = o.skus.find((s) => s.in_stock !== false && (!s.inventory_tracked || s.qty_available > 8));
  lines.push({ sku_id: s.id, offer_id: o.id, merchant_id: o.merchant_id, merchant_name: o.merchant_name, name: o.name, image: o.albums?.[0]?.primary_media?.url ?? undefined, variant_values: (s.variant_values ?? []).map(v => ({variant: v.variant, value: v.value})), unit_price: s.sale_price, currency: s.currency ?? o.currency, quantity: 1 });
}
await page.evaluate((lines) => localStorage.setItem('tote:cart:v1:/api', JSON.stringify({ v: 1, lines })), lines);
await page.goto(`${base}checkout.html?mode=${mode}`);
await page.waitForTimeout(1500);
if (shot) await page.screenshot({ path: shot.replace('.png', '-review.png'), fullPage: true });
await page.getByRole('button', { name: 'Continue to address' }).click();
await page.waitForTimeout(300);
await page.evaluate(() => {
  const f = document.querySelector('tote-checkout').shadowRoot.querySelector('tote-address-form');
  f.value = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+1 415 555 0100', address_1: '1 Market St', address_2: '', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' };
  f.dispatchEvent(new Event('change', { bubbles: true }));
});
await page.getByRole('button', { name: 'Continue to shipping' }).click();
await page.waitForTimeout(2500);
if (shot) await page.screenshot({ path: shot, fullPage: true });
console.log(await page.evaluate(() => document.querySelector('tote-checkout').shadowRoot.querySelector('section').innerText.slice(0, 600)));
if (process.env.PLACE) {
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForTimeout(800);
  if (shot) await page.screenshot({ path: shot.replace('.png', '-payment.png'), fullPage: true });
  await page.getByRole('button', { name: 'Review order' }).click();
  await page.waitForTimeout(1500);
  if (shot) await page.screenshot({ path: shot.replace('.png', '-confirm.png'), fullPage: true });
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForTimeout(3000);
  if (shot) await page.screenshot({ path: shot.replace('.png', '-placed.png'), fullPage: true });
  console.log(await page.evaluate(() => document.querySelector('tote-checkout').shadowRoot.querySelector('section').innerText.slice(0, 800)));
}
await browser.close();
