/**
 * The operator page: one token field, kept in sessionStorage only (never
 * localStorage, never a cookie), handed to every operator element.
 */
import '../src/elements/provider/provider.js';
import '../src/elements/merchant-health/merchant-health.js';
import '../src/elements/merchant-onboarding/merchant-onboarding.js';
import '../src/elements/order-desk/order-desk.js';
import type { ToteMerchantHealth } from '../src/elements/merchant-health/merchant-health.js';
import type { ToteMerchantOnboarding } from '../src/elements/merchant-onboarding/merchant-onboarding.js';
import type { ToteOrderDesk } from '../src/elements/order-desk/order-desk.js';

const STORAGE_KEY = 'tote-operator-token';

const form = document.querySelector<HTMLFormElement>('#token-form')!;
const input = document.querySelector<HTMLInputElement>('#operator-token')!;
const status = document.querySelector<HTMLElement>('#token-status')!;
const health = document.querySelector<ToteMerchantHealth>('tote-merchant-health')!;
const onboarding = document.querySelector<ToteMerchantOnboarding>('tote-merchant-onboarding')!;
const desk = document.querySelector<ToteOrderDesk>('tote-order-desk')!;

function readToken(): string {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function keepToken(token: string): void {
  try {
    if (token) sessionStorage.setItem(STORAGE_KEY, token);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be off (private mode, policies): the token then lasts until reload.
  }
}

function useToken(token: string): void {
  health.token = token || undefined;
  onboarding.token = token || undefined;
  desk.token = token || undefined;
  status.textContent = token ? 'Token set for this tab.' : 'No token set.';
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  const token = input.value.trim();
  keepToken(token);
  useToken(token);
});

document.querySelector('#forget-token')!.addEventListener('click', () => {
  input.value = '';
  keepToken('');
  useToken('');
  input.focus();
});

const saved = readToken();
input.value = saved;
if (saved) useToken(saved);
