/**
 * The address form's fields for one country: which fields, in the order the country writes them
 * (its form from the BFF, `GET /api/address-format/:country`), their labels (State, Province,
 * Prefecture, ZIP code, Postcode…), autocomplete tokens, and the region as a list when the
 * country has one. Pure rendering: the element keeps the state.
 */
import { html, nothing } from 'lit';
import type { AddressFormat } from '../../../contract/address.js';
import type { AddressDraft, AddressField } from '../../rules/checkout-address.js';
import type { MessageKey, Translate } from '../../../i18n/localize.js';

export type Section = 'shipping' | 'billing';

const LABELS: Record<AddressField, MessageKey> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone: 'phone',
  address_1: 'address1',
  address_2: 'address2',
  city: 'city',
  state: 'region',
  postal_code: 'postalCode',
  country: 'country',
};
export const AUTOCOMPLETE: Record<AddressField, string> = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  phone: 'tel',
  address_1: 'address-line1',
  address_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  postal_code: 'postal-code',
  country: 'country',
};

const INPUT_TYPE: Partial<Record<AddressField, string>> = { email: 'email', phone: 'tel' };
const WIDE: ReadonlySet<AddressField> = new Set(['email', 'address_1', 'address_2']);
/** Before the country's form arrives: the order most countries use. */
const DEFAULT_ORDER: readonly AddressField[] = ['address_1', 'address_2', 'city', 'state', 'postal_code'];

/** The section's fields top to bottom: the country first (it decides the rest), the name, the address, the contact. */
export function fieldsOf(section: Section, format: AddressFormat | undefined): AddressField[] {
  const middle = format?.fields ?? DEFAULT_ORDER;
  return ['country', 'first_name', 'last_name', ...middle, ...(section === 'shipping' ? (['email', 'phone'] as const) : [])];
}

const capital = (s: string) => s.replace(/(^|_)(.)/g, (_, __, c: string) => c.toUpperCase());

/** The field's label: the country's kind of region (`regionPrefecture`…) and of postal code (`postalZip`…) once its form is known. */
export function labelOf(t: Translate, field: AddressField, format: AddressFormat | undefined): string {
  const postal = format?.labels.postal_code;
  if (format && field === 'state') return t(`region${capital(format.labels.state)}` as MessageKey);
  if (postal && postal !== 'postal' && field === 'postal_code') return t(`postal${capital(postal)}` as MessageKey);
  return t(LABELS[field]);
}

export interface FieldView {
  id: string;
  section: Section;
  field: AddressField;
  draft: AddressDraft;
  label: string;
  optional: boolean;
  error: string;
  onInput: (e: Event) => void;
}


export function renderField(t: Translate, v: FieldView, control: unknown) {
  return html`<div class="field ${WIDE.has(v.field) ? 'wide' : ''}" part="field">
    <div class="label-row">
      <label for=${v.id}>${v.label}</label>
      ${v.optional ? html`<span class="hint" id=${`${v.id}-hint`}>${t('optional')}</span>` : nothing}
    </div>
    ${control}
    <p class="error" part="error" id=${`${v.id}-error`}>${v.error}</p>
  </div>`;
}

function describedBy(v: FieldView): string {
  return [`${v.id}-error`, v.optional ? `${v.id}-hint` : ''].filter(Boolean).join(' ');
}

export function renderInput(v: FieldView) {
  const autocomplete = v.section === 'billing' ? `billing ${AUTOCOMPLETE[v.field]}` : AUTOCOMPLETE[v.field];
  return html`<input
    id=${v.id}
    name=${v.field}
    type=${INPUT_TYPE[v.field] ?? 'text'}
    autocomplete=${autocomplete}
    .value=${v.draft[v.field]}
    ?required=${!v.optional}
    aria-invalid=${v.error ? 'true' : 'false'}
    aria-describedby=${describedBy(v)}
    @input=${v.onInput}
    @change=${v.onInput}
  />`;
}

export function renderSelect(v: FieldView, options: { code: string; name: string }[]) {
  const value = v.draft[v.field];
  const autocomplete = v.section === 'billing' ? `billing ${AUTOCOMPLETE[v.field]}` : AUTOCOMPLETE[v.field];
  return html`<select
    id=${v.id}
    name=${v.field}
    autocomplete=${autocomplete}
    ?required=${!v.optional}
    aria-invalid=${v.error ? 'true' : 'false'}
    aria-describedby=${describedBy(v)}
    @change=${v.onInput}
  >
    ${v.field === 'country' ? nothing : html`<option value="" ?selected=${!value}></option>`}
    ${options.map((o) => html`<option value=${o.code} ?selected=${o.code === value}>${o.name}</option>`)}
  </select>`;
}

/** Regions in the shopper's script: Japan's prefectures in kanji for Japanese, else by their Latin names. */
export function regionOptions(format: AddressFormat, locale: string) {
  return format.regions.map((r) => ({ code: r.code, name: (!locale.startsWith('ja') && r.latin_name) || r.name }));
}

/** Countries by name in the shopper's language (`Intl.DisplayNames`); the list itself comes with the country's form. */
export function countryOptions(codes: readonly string[], current: string, locale: string) {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  } catch {
    names = undefined;
  }
  const list = codes.includes(current) || !/^[A-Z]{2}$/.test(current) ? codes : [...codes, current];
  return list.map((c) => ({ code: c, name: names?.of(c) ?? c })).sort((a, b) => a.name.localeCompare(b.name, locale));
}
