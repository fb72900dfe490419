// Steps of the checkout as a shopper takes them on `npm start`'s checkout page, shared by the e2e
// suites: the address typed with the keyboard alone, waiting for a step, paying with a sandbox card,
// and the sandbox's control routes.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

const SANDBOX_HEADERS = {
  'content-type': 'application/json',
  'x-service-app-id': '10001',
  'x-service-app-secret': 'sandbox-secret',
  'x-service-token': 'sandbox-token',
};
const isFocused = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el);

/**
 * Fills the address step with a US shopper's address, as typed: the country (the page's, the United States)
 * decides the form, whose fields come from the BFF; the state is a closed list.
 */
export async function fillUsAddress(checkout: Locator): Promise<void> {
  await checkout.getByLabel('ZIP code', { exact: true }).waitFor({ timeout: 30_000 });
  const fields: [string, string][] = [
    ['First name', 'Ada'],
    ['Last name', 'Lovelace'],
    ['Email', 'ada@example.com'],
    ['Phone', '+1 415 555 0100'],
    ['Address line 1', '1 Market St'],
    ['City', 'San Francisco'],
    ['ZIP code', '94105'],
  ];
  for (const [label, value] of fields) await checkout.getByLabel(label, { exact: true }).fill(value);
  await checkout.getByLabel('State', { exact: true }).selectOption({ value: 'CA' });
}

export async function typeAddressByKeyboard(page: Page): Promise<void> {
  // Entering the step focuses its heading; the first Tab reaches the first field.
  await page.waitForFunction(() => document.querySelector('tote-checkout')?.shadowRoot?.activeElement?.tagName === 'H2');
  await page.keyboard.press('Tab');
  // The country comes first (it decides the rest) and stays the page's, the United States.
  assert.ok(await isFocused(page, 'Country'));
  await page.keyboard.press('Tab');
  const fields: [string, string][] = [
    ['First name', 'Ada'],
    ['Last name', 'Lovelace'],
    ['Address line 1', '1 Market St'],
    ['Address line 2', ''],
    ['City', 'San Francisco'],
    // A closed list: typing a name picks it.
    ['State', 'California'],
    ['ZIP code', '94105'],
    ['Email', 'ada@example.com'],
    ['Phone', '+1 415 555 0100'],
  ];
  for (const [label, value] of fields) {
    assert.ok(await isFocused(page, label), `focus on ${label}`);
    if (value) await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  // Tab past "same as shipping" and "Back" to "Continue to shipping".
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
}

export async function step(page: Page, name: string) {
  await page.locator(`tote-checkout section[data-step="${name}"]`).waitFor({ timeout: 20_000 });
}

export async function pay(page: Page, card: string): Promise<void> {
  await step(page, 'payment');
  await page.getByLabel(card).check();
  await page.getByRole('button', { name: 'Review order' }).click();
}

export async function sandbox(service: string, method: string, path: string, body?: unknown) {
  const res = await fetch(new URL(path, service), { method, headers: SANDBOX_HEADERS, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}
